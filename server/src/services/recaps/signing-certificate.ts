// The certificate that signs recap PDFs: the city's PKCS#12 (SIGNING_P12_PATH/SIGNING_P12_PASSWORD),
// or, when none is configured, a self-signed one made once under DATA_DIR (the PDF then says so).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { dirname, resolve } from "node:path";
import forge from "node-forge";

export interface SigningCertificate {
  p12: Buffer;
  password: string;
  /** The certificate's subject common name, shown on the verification page. */
  subject: string;
  selfSigned: boolean;
}

export interface SigningConfig {
  SIGNING_P12_PATH?: string | undefined;
  SIGNING_P12_PASSWORD?: string | undefined;
  DATA_DIR: string;
}

const DEV_FILE = "signing-dev.p12";
const DEV_PASSWORD_FILE = "signing-dev.pass";

function subjectOf(p12: Buffer, password: string): string {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary")));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  const certBag = forge.pki.oids.certBag ?? "1.2.840.113549.1.12.10.1.3";
  const bags = parsed.getBags({ bagType: certBag })[certBag] ?? [];
  const cert = bags[0]?.cert;
  if (!cert) throw new Error("the PKCS#12 file holds no certificate");
  const cn = cert.subject.getField("CN");
  return typeof cn?.value === "string" ? cn.value : "(tanpa nama)";
}

/** A self-signed RSA certificate for development, valid 5 years. */
export function makeSelfSignedP12(commonName: string, password: string): Buffer {
  // node:crypto makes the key (fast, native); node-forge builds the certificate and the PKCS#12.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${randomBytes(8).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 60 * 60 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 60 * 60 * 1000);
  const attrs = [
    { name: "commonName", value: commonName },
    { name: "organizationName", value: "Portal Data Keluarga PKK" },
    { name: "countryName", value: "ID" },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

let cached: { key: string; certificate: SigningCertificate } | undefined;

/** Loads (and in development first creates) the signing certificate; cached per configuration. */
export function signingCertificate(config: SigningConfig): SigningCertificate {
  const key = `${config.SIGNING_P12_PATH ?? ""}|${config.DATA_DIR}`;
  if (cached?.key === key) return cached.certificate;
  let certificate: SigningCertificate;
  if (config.SIGNING_P12_PATH) {
    const p12 = readFileSync(config.SIGNING_P12_PATH);
    const password = config.SIGNING_P12_PASSWORD ?? "";
    certificate = { p12, password, subject: subjectOf(p12, password), selfSigned: false };
  } else {
    const file = resolve(config.DATA_DIR, DEV_FILE);
    const passwordFile = resolve(config.DATA_DIR, DEV_PASSWORD_FILE);
    if (!existsSync(file) || !existsSync(passwordFile)) {
      mkdirSync(dirname(file), { recursive: true });
      const password = randomBytes(16).toString("hex");
      writeFileSync(file, makeSelfSignedP12("Portal Data Keluarga PKK (sertifikat pengembangan)", password), {
        mode: 0o600,
      });
      writeFileSync(passwordFile, password, { mode: 0o600 });
    }
    const p12 = readFileSync(file);
    const password = readFileSync(passwordFile, "utf8").trim();
    certificate = { p12, password, subject: subjectOf(p12, password), selfSigned: true };
  }
  cached = { key, certificate };
  return certificate;
}
