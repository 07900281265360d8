/**
 * The files the product shows rather than downloads: images and PDF (a stored file's type is read from its bytes
 * on upload). /file-viewer opens each of them; anything else is a download.
 */
export const isInlineType = (contentType: string): boolean =>
  /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/.test(contentType)

/** The viewer's address of a file named as GET /file-decoder knows it (docs/product.md 2). */
export const fileViewerPath = (fileName: string): string => `/file-viewer?fileName=${encodeURIComponent(fileName)}`

/** Names of the files the decoder serves, by the record that owns each. */
export const fileNames = {
  attachment: (contactId: string, key: string) => `attachments/${contactId}/${key}`,
  businessCard: (contactId: string, documentKey: string) => `business-cards/${contactId}/${documentKey}`,
}
