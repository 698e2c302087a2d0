/** Where the visitor token lives: one per workspace, so one browser can chat with several sites. */
export const visitorTokenKey = (workspaceId: string) => `parley.visitor.${workspaceId}`;

export interface VisitorTokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

/**
 * The visitor token in local storage, so the conversation survives page loads. A browser that
 * refuses storage to a framed page (reading `localStorage` throws there) keeps the token for this
 * page load only.
 */
export function visitorTokenStore(
  getStorage: () => Storage,
  workspaceId: string,
): VisitorTokenStore {
  const key = visitorTokenKey(workspaceId);
  let memory: string | null = null;
  const storage = (): Storage | null => {
    try {
      return getStorage();
    } catch {
      return null;
    }
  };
  return {
    get() {
      try {
        return storage()?.getItem(key) ?? memory;
      } catch {
        return memory;
      }
    },
    set(token) {
      memory = token;
      try {
        storage()?.setItem(key, token);
      } catch {
        // Storage full or refused: the in-memory copy serves this page load.
      }
    },
    clear() {
      memory = null;
      try {
        storage()?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}
