// The account a request or a mutation acts for: the signed-in account a session resolves to
// (auth/sessions.ts), handed to every domain function that writes on its behalf.

export interface SessionAccount {
  id: number;
  email: string;
  name: string;
}
