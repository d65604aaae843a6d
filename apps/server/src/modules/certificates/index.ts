/**
 * The certificates module's public entry (decision record 0051): its routes for app.ts, and
 * issueCertificate, which credit claims call inside their own transaction (through a port app.ts fills).
 */
export { default as certificatesRoutes, type CertificatesRoutesOptions } from './certificates.routes.ts';
export { issueCertificate, type IssueCertificateInput } from './certificates.service.ts';
export { mergeCertificates } from './certificates.merge.ts';
export type { CertificateDrawer } from './render.ts';
export { certificateCount } from './certificates.figures.ts';
