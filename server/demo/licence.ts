import { randomBytes } from 'node:crypto';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A business licence as the demo attaches it: an image naming the company and its credit code, what a reviewer checks. */
export const licenceSvg = (title: string, company: string, creditCode: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320">` +
      `<rect width="480" height="320" fill="#fdf8ec" stroke="#b3261e" stroke-width="8"/>` +
      `<text x="240" y="80" font-size="32" text-anchor="middle" fill="#b3261e">${escapeXml(title)}</text>` +
      `<text x="240" y="170" font-size="22" text-anchor="middle" fill="#222">${escapeXml(company)}</text>` +
      `<text x="240" y="230" font-size="18" text-anchor="middle" fill="#444">${escapeXml(creditCode)}</text>` +
      `</svg>`,
  );

/** The multipart form the console's image input sends (`/open/file/image-upload`): the field it is for, then the file. */
export const imageForm = (fields: Record<string, string>, name: string, bytes: Buffer) => {
  const boundary = `----demo${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/svg+xml\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
};
