// Outgoing mail through nodemailer. With SMTP_URL set it goes to that server; without one, each
// message is written as an .eml file into the mail folder (DATA_DIR/mail), where a developer
// (or a test) reads it, and the log names the file, never the message's content. A mail may carry
// headers of its own (the notification mails' List-Unsubscribe, server/notifications/mail-digest.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const FROM = 'Artmint <no-reply@artmint.invalid>';

export function createMailer(options: {
  smtpUrl?: string;
  dir: string;
  log: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let count = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: FROM, ...mail });
      mkdirSync(options.dir, { recursive: true });
      count += 1;
      const file = join(options.dir, `${Date.now()}-${process.pid}-${count}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      options.log(`mail: "${mail.subject}" written to ${file}`);
    },
  };
}
