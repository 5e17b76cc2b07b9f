/** A term's words as both word indexes cut text: runs of letters and digits, lower-cased. */
export const searchWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
