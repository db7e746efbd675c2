/**
 * Energy and water of a set of readings (docs/domain.md#consumption). A pod reports every 5
 * minutes, and an electricity reading is the charge of its interval in ampere-hours, so energy is the
 * plain sum x volts / 1000 (the dashboard's 12 x reading x V / 1000 is the mean power in kW instead).
 * A water reading is the litres of its interval. The multiplier is a tariff's unit conversion.
 */
export const kilowattHours = (sumOfReadings: number, voltage: number, multiplier = 1) =>
  (sumOfReadings * voltage * multiplier) / 1000;

/** The same formula over SQL expressions (constants of the caller, never request input). */
export const kilowattHoursSql = (sumOfReadings: string, voltage: string) =>
  `(${sumOfReadings}) * (${voltage}) / 1000.0`;
