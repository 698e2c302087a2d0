// mailauth ships no types; what Parley calls of it.
declare module 'mailauth' {
  export function authenticate(
    message: Buffer | string,
    options: {
      ip?: string;
      helo?: string;
      sender?: string;
      mta?: string;
      disableArc?: boolean;
      disableBimi?: boolean;
      resolver?: (name: string, rrtype: string) => Promise<unknown>;
    },
  ): Promise<unknown>;
}
