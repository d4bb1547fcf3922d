// The text direction set on <html> (the toolbar's LTR/RTL switch sets `dir` there), followed
// live so carousels can mirror when it changes at run time.
import { useSyncExternalStore } from 'react';
import type { Direction } from './carousel-logic';

function read(): Direction {
  return document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['dir'] });
  return () => observer.disconnect();
}

export function useDocumentDir(): Direction {
  return useSyncExternalStore(subscribe, read, () => 'ltr');
}
