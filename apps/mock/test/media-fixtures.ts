import { request } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { resumePdf } from '../src/media/seeded.ts';

// Real files of every type an upload takes, made in the test (no binary fixtures in the repository).

const solid = (background: string) => sharp({ create: { width: 64, height: 48, channels: 3, background } });
export const jpeg = () => solid('#f80').jpeg().toBuffer();
export const png = () => solid('#08f').png().toBuffer();
export const webp = () => solid('#0a0').webp().toBuffer();
export const gif = () => solid('#a0a').gif().toBuffer();
export const pdf = () => resumePdf('Dana Okafor', ['MBA candidate']);

/** A 1 KB PNG that claims 20,000 × 20,000 pixels (400 million: a decompression bomb). */
export function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A ZIP (stored, no compression) of these entries: enough for a type sniffer and for unzip. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export const docx = () =>
  zip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<?xml version="1.0"?><w:document/>',
  });
/** An OLE compound file header: what Word 97–2003, Excel and PowerPoint files start with. */
export const legacyOffice = () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
export const text = () => Buffer.from('Agenda\n- demo night\n- café at 6\n');
export const csv = () => Buffer.from('name,year\nDana,2026\n');
export const plainZip = () => zip({ 'notes.txt': 'hello' });
export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
  );
export const html = () => Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');

export interface Part {
  name: string;
  value?: string;
  file?: { filename: string; type?: string; data: Buffer };
}

export const BOUNDARY = 'cohortTestBoundary7MA4YWxkTrZu0gW';

/** A multipart/form-data body of these parts, in this order. */
export function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.file.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** POSTs raw bytes with node:http (fetch cannot send a truncated body); resolves with what the server answered. */
export function rawPost(url: string, body: Buffer, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-length': String(body.length), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    // The server may answer (413) and close before the whole body is written: that is expected.
    req.on('error', reject);
    req.end(body);
  });
}

/** Where a phone photo says it was taken (EXIF GPS): what an upload must not pass on. */
export const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '37/1 25/1 3900/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '122/1 10/1 1100/100',
};

/**
 * A 64 × 48 photo as a phone saves it: taken sideways (EXIF orientation 6, so shown 48 × 64), with
 * its camera and its location (GPS) in EXIF, in the given format.
 */
export const phonePhoto = (format: 'jpeg' | 'png' | 'webp' = 'jpeg') =>
  solid('#f80')
    [format]()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Phone', Model: 'Camera' }, IFD3: GPS })
    .toBuffer();

/** A two-frame animated GIF (red, then blue). */
export const animatedGif = async () => {
  const frame = (background: string) =>
    sharp({ create: { width: 32, height: 32, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
    .gif({ delay: [100, 100] })
    .toBuffer();
};
