// A recap sheet as an A4-landscape PDF like the paper form (title block, merged three-row header,
// rows, JUMLAH, signature block), with a QR code to its public verification page, signed
// electronically (PAdES, ETSI.CAdES.detached) with the configured certificate.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { hyphenateSync } from "hyphen/id";
import type { Color, PDFFont, PDFPage } from "pdf-lib";
import type { RecapCell, RecapSheet } from "@shared/recaps.ts";
import type { ExportMarks } from "./export-xlsx.ts";
import { columnWeight, headerCells } from "./layout.ts";
import type { SigningCertificate } from "./signing-certificate.ts";

// The font ships in an npm package, so every machine that ran npm install can render Indonesian text.
const fontDir = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const regularFont = () => readFileSync(join(fontDir, "DejaVuSansCondensed.ttf"));
const boldFont = () => readFileSync(join(fontDir, "DejaVuSansCondensed-Bold.ttf"));

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 24;
const HEAD_SIZE = 5.5;
const BODY_SIZE = 6.5;
const LINE = 1.2;

export interface PdfOptions {
  marks: ExportMarks;
  verifyUrl: string;
  documentId: string;
  certificate: SigningCertificate;
  cityName: string;
}

const softHyphen = "\u00ad";

/** Characters of `text` that fit, cut anywhere (the last resort for a syllable wider than the column). */
function cutToFit(text: string, fits: (text: string) => boolean): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (!fits(rest) && rest.length > 1) {
    let cut = rest.length - 1;
    while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  return [...pieces, rest];
}

/**
 * A word wider than its column, broken between Indonesian syllables with a hyphen ("BERKEBU-",
 * "TUHAN"), as a typesetter would; never in the middle of a syllable unless one alone is too wide.
 */
function breakWord(word: string, fits: (text: string) => boolean): string[] {
  let syllables = hyphenateSync(word, { hyphenChar: softHyphen, minWordLength: 4 }).split(softHyphen);
  const pieces: string[] = [];
  while (syllables.length > 0) {
    const remaining = syllables.join("");
    if (fits(remaining)) return [...pieces, remaining];
    let take = syllables.length - 1;
    while (take > 0 && !fits(`${syllables.slice(0, take).join("")}-`)) take -= 1;
    if (take === 0) {
      // Not one syllable fits with its hyphen: the first is cut by letters (or set whole, unhyphenated).
      const [first = "", ...others] = syllables;
      const cut = cutToFit(first, fits);
      if (cut.length === 1) {
        pieces.push(first);
        syllables = others;
      } else {
        pieces.push(...cut.slice(0, -1));
        syllables = [cut.at(-1) ?? "", ...others];
      }
      continue;
    }
    pieces.push(`${syllables.slice(0, take).join("")}-`);
    syllables = syllables.slice(take);
  }
  return pieces;
}

/** Words wrapped to a width; a word wider than the width is hyphenated between its syllables. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  // A hair of tolerance: a label sized to fit its column exactly must not lose its last letter to rounding.
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width + 0.01;
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      const pieces = breakWord(word, fits);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? "";
    }
    lines.push(line);
  }
  return lines;
}

function drawCentered(
  page: PDFPage,
  lines: string[],
  font: PDFFont,
  size: number,
  x: number,
  y: number,
  w: number,
  h: number,
  color: Color,
) {
  const lineHeight = size * LINE;
  const blockTop = y - (h - lines.length * lineHeight) / 2;
  lines.forEach((line, index) => {
    const width = font.widthOfTextAtSize(line, size);
    page.drawText(line, {
      x: x + (w - width) / 2,
      y: blockTop - (index + 1) * lineHeight + size * 0.25,
      size,
      font,
      color,
    });
  });
}

const cellText = (value: RecapCell): string => (value === null || value === "" ? "" : String(value));

/**
 * The PDF libraries, loaded by the first recap PDF a process makes (the module cache keeps them
 * from then on): a server that never exports does not carry their ~35 MB from start-up.
 */
async function pdfLibraries() {
  const [pdfLib, fontkit, placeholder, signer, signpdf, qrcode] = await Promise.all([
    import("pdf-lib"),
    import("@pdf-lib/fontkit"),
    import("@signpdf/placeholder-pdf-lib"),
    import("@signpdf/signer-p12"),
    import("@signpdf/signpdf"),
    import("qrcode"),
  ]);
  return {
    PDFDocument: pdfLib.PDFDocument,
    rgb: pdfLib.rgb,
    fontkit: fontkit.default,
    pdflibAddPlaceholder: placeholder.pdflibAddPlaceholder,
    P12Signer: signer.P12Signer,
    signpdf: signpdf.default,
    QRCode: qrcode.default,
  };
}

export async function sheetToPdf(sheet: RecapSheet, options: PdfOptions): Promise<Buffer> {
  const { PDFDocument, rgb, fontkit, pdflibAddPlaceholder, P12Signer, signpdf, QRCode } = await pdfLibraries();
  const black = rgb(0, 0, 0);
  const grey = rgb(0.35, 0.35, 0.35);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(regularFont(), { subset: true });
  const bold = await doc.embedFont(boldFont(), { subset: true });
  doc.setTitle(`${sheet.code} ${sheet.title}`);
  doc.setAuthor(options.marks.signature?.name ?? "Portal Data Keluarga PKK");
  doc.setCreator("Portal Data Keluarga PKK");
  doc.setProducer("Portal Data Keluarga PKK");

  const tableWidth = PAGE.width - 2 * MARGIN;
  const weights = sheet.columns.map(columnWeight);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const widths = weights.map((weight) => (weight / totalWeight) * tableWidth);
  const xs = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const spanWidth = (from: number, to: number) => widths.slice(from, to + 1).reduce((sum, width) => sum + width, 0);

  // Header row heights from the wrapped labels.
  const cells = headerCells(sheet.columns);
  // A label whose longest word does not fit its column is set smaller rather than cut mid-word.
  const sizeOf = (text: string, from: number, to: number) => {
    const room = spanWidth(from, to) - 3;
    const longest = Math.max(...text.split(/\s+/).map((word) => bold.widthOfTextAtSize(word, HEAD_SIZE)));
    return longest <= room ? HEAD_SIZE : Math.max(3.3, (HEAD_SIZE * room) / longest);
  };
  const linesOf = (text: string, from: number, to: number) =>
    wrap(text, bold, sizeOf(text, from, to), spanWidth(from, to) - 3);
  const need = (row: number, rowEnd: number) =>
    Math.max(
      0,
      ...cells
        .filter((cell) => cell.row === row && cell.rowEnd === rowEnd)
        .map(
          (cell) =>
            linesOf(cell.text, cell.col, cell.colEnd).length * sizeOf(cell.text, cell.col, cell.colEnd) * LINE + 4,
        ),
    );
  const h0 = Math.max(12, need(0, 0));
  const h2 = Math.max(10, need(2, 2));
  const h1 = Math.max(12, need(1, 1), need(1, 2) - h2, need(0, 2) - h0 - h2);
  const rowHeights = [h0, h1, h2];
  const numberRow = 9;

  const qr = await doc.embedPng(await QRCode.toBuffer(options.verifyUrl, { type: "png", margin: 1, width: 240 }));
  const pages: PDFPage[] = [];

  const newPage = (first: boolean): { page: PDFPage; y: number } => {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    let y = PAGE.height - MARGIN;
    const codeWidth = bold.widthOfTextAtSize(sheet.code, 8);
    page.drawText(sheet.code, { x: PAGE.width - MARGIN - codeWidth, y: y - 8, size: 8, font: bold });
    if (first) {
      const qrSize = 58;
      page.drawImage(qr, { x: PAGE.width - MARGIN - qrSize, y: y - 14 - qrSize, width: qrSize, height: qrSize });
      const hint = "Pindai untuk verifikasi";
      page.drawText(hint, {
        x: PAGE.width - MARGIN - qrSize / 2 - font.widthOfTextAtSize(hint, 5) / 2,
        y: y - 20 - qrSize,
        size: 5,
        font,
        color: grey,
      });
      const titleLines = wrap(sheet.title, bold, 10, tableWidth - 160);
      titleLines.forEach((line, index) => {
        const width = bold.widthOfTextAtSize(line, 10);
        page.drawText(line, { x: (PAGE.width - width) / 2, y: y - 12 - index * 12, size: 10, font: bold });
      });
      y -= 14 + titleLines.length * 12 + 6;
      for (const [label, value] of sheet.header) {
        page.drawText(label, { x: MARGIN, y: y - 8, size: 7.5, font });
        page.drawText(`: ${value}`, { x: MARGIN + 70, y: y - 8, size: 7.5, font });
        y -= 10;
      }
      y = Math.min(y, PAGE.height - MARGIN - 92) - 4;
    } else {
      y -= 14;
    }
    // The table header, repeated on every page.
    const rowTop = [y, y - h0, y - h0 - h1];
    for (const cell of cells) {
      const top = rowTop[cell.row] ?? y;
      const height = rowHeights.slice(cell.row, cell.rowEnd + 1).reduce((sum, value) => sum + value, 0);
      const x = xs[cell.col] ?? MARGIN;
      const width = spanWidth(cell.col, cell.colEnd);
      page.drawRectangle({ x, y: top - height, width, height, borderColor: black, borderWidth: 0.5 });
      const size = sizeOf(cell.text, cell.col, cell.colEnd);
      drawCentered(page, linesOf(cell.text, cell.col, cell.colEnd), bold, size, x, top, width, height, black);
    }
    y -= h0 + h1 + h2;
    sheet.columns.forEach((_, index) => {
      const x = xs[index] ?? MARGIN;
      const width = widths[index] ?? 0;
      page.drawRectangle({
        x,
        y: y - numberRow,
        width,
        height: numberRow,
        borderColor: black,
        borderWidth: 0.5,
        color: rgb(0.93, 0.93, 0.93),
      });
      drawCentered(page, [String(index + 1)], font, 5, x, y, width, numberRow, black);
    });
    return { page, y: y - numberRow };
  };

  let { page, y } = newPage(true);
  const bottom = MARGIN + 16;
  const drawRow = (values: RecapCell[], isTotal: boolean) => {
    const face = isTotal ? bold : font;
    const lines = values.map((value, index) =>
      sheet.columns[index]?.numeric
        ? [cellText(value)]
        : wrap(cellText(value), face, BODY_SIZE, (widths[index] ?? 10) - 3),
    );
    const height = Math.max(11, Math.max(...lines.map((cell) => cell.length)) * BODY_SIZE * LINE + 4);
    if (y - height < bottom) ({ page, y } = newPage(false));
    values.forEach((_, index) => {
      const x = xs[index] ?? MARGIN;
      const width = widths[index] ?? 0;
      page.drawRectangle({ x, y: y - height, width, height, borderColor: black, borderWidth: 0.5 });
      const cellLines = lines[index] ?? [];
      if (sheet.columns[index]?.numeric) drawCentered(page, cellLines, face, BODY_SIZE, x, y, width, height, black);
      else
        cellLines.forEach((line, lineIndex) => {
          page.drawText(line, {
            x: x + 1.5,
            y: y - 2 - (lineIndex + 1) * BODY_SIZE * LINE + 1.5,
            size: BODY_SIZE,
            font: face,
          });
        });
    });
    y -= height;
  };
  for (const row of sheet.rows) drawRow(row.cells, false);
  if (sheet.totals) drawRow(sheet.totals, true);
  if (sheet.rows.length === 0) {
    page.drawText("Tidak ada data tervalidasi untuk periode ini.", { x: MARGIN, y: y - 12, size: 7.5, font });
    y -= 16;
  }

  // The signature block.
  const blockHeight = 96;
  if (y - blockHeight < bottom) ({ page, y } = newPage(false));
  const { marks } = options;
  const blockX = PAGE.width - MARGIN - 230;
  let line = y - 16;
  const write = (text: string, face: PDFFont, size: number, x = blockX) => {
    page.drawText(text, { x, y: line, size, font: face });
    line -= size + 4;
  };
  write(`${marks.place}, ${marks.signature ? marks.signature.signedAt : ".........................."}`, font, 8);
  write(marks.signature?.position ?? "Penanggung jawab", font, 8);
  write(marks.signature ? "Ditandatangani secara elektronik" : "BELUM DITANDATANGANI (DRAF)", bold, 8);
  line -= 8;
  write(marks.signature?.name ?? "(..........................)", bold, 9);
  let left = y - 16;
  const note = (text: string) => {
    page.drawText(text, { x: MARGIN, y: left, size: 6.5, font, color: grey });
    left -= 9;
  };
  note(`Kode dokumen: ${options.documentId}`);
  note(`Verifikasi keaslian: ${options.verifyUrl}`);
  note(`Sertifikat penanda tangan elektronik: ${options.certificate.subject}`);
  if (options.certificate.selfSigned) {
    note(
      "Catatan: ditandatangani dengan sertifikat pengembangan (self-signed), bukan sertifikat resmi pemerintah kota.",
    );
  }

  const total = pages.length;
  pages.forEach((each, index) => {
    const footer = `Diunduh oleh ${marks.madeBy} pada ${marks.madeAt} · Halaman ${index + 1} dari ${total}`;
    each.drawText(footer, { x: MARGIN, y: MARGIN - 8, size: 6, font, color: grey });
  });

  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: `${sheet.code} ${options.cityName}`,
    contactInfo: "",
    name: marks.signature?.name ?? "Portal Data Keluarga PKK",
    location: options.cityName,
    // PAdES baseline: a CAdES detached signature (SUBFILTER_ETSI_CADES_DETACHED of @signpdf/utils).
    subFilter: "ETSI.CAdES.detached",
  });
  const unsigned = await doc.save({ useObjectStreams: false });
  const signer = new P12Signer(options.certificate.p12, { passphrase: options.certificate.password });
  return signpdf.sign(Buffer.from(unsigned), signer);
}
