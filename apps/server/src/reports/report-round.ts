/** How the report's figures are rounded once, so the screen, the CSV and the PDF print the same ones. */
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
/** Money: to the cent. */
export const money = (x: number | null) => (x === null ? null : round(x, 2));
/** kWh, litres and kg: to 3 decimals. */
export const quantity = (x: number | null) => (x === null ? null : round(x, 3));
/** Adds the non-null terms; null when all are null. */
export const sumOrNull = (xs: readonly (number | null)[]) => {
  const present = xs.filter((x): x is number => x !== null);
  return present.length ? present.reduce((a, b) => a + b, 0) : null;
};
