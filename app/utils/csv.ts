/**
 * How the owner's CSV files are written (the accountant's export, the crew's hours): RFC 4180 with
 * a byte-order mark so a spreadsheet reads the names' accents, every cell quoted, CRLF line ends,
 * cells a spreadsheet would run as formulas guarded, and amounts with two decimals.
 */
export const spreadsheetCsvOptions = {
  bom: true,
  quoted: true,
  quoted_empty: true,
  record_delimiter: "windows",
  escape_formulas: true,
  cast: { number: (value: number) => value.toFixed(2) },
} as const;
