import QRCode from 'qrcode';

/** The link as a QR code for printed handouts; medium error correction survives a crease. */
export const qrSvg = (url: string) =>
  QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
export const qrPng = (url: string) =>
  QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 600 });
