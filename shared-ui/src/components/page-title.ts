import { useEffect } from 'react';

/** Sets the document title as "{title} · Parley". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Parley` : 'Parley';
  }, [title]);
}
