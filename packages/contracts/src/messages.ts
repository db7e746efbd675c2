/** Visible texts the screens show word for word (docs/screens.md). */
export const MESSAGES = {
  required: '** This field is required, please fill it in **',
  selectAtLeastOne: 'Please select at least one',
  genericError: 'An error occurred',
  noData: 'No Data Found',
  noItems: 'No Items Found.',
  noNotifications: 'No new notifications.',
  invalidEmail: 'Please enter a valid email address',
  invalidNumber: 'Please enter a number',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDiffer: 'Passwords do not match',
  wrongCurrentPassword: 'The current password is not correct',
  invalidSlug: 'Use only letters, digits, dots, dashes and underscores',
  invalidColor: 'Please enter a colour such as #1a2b3c',
  invalidDate: 'Please enter a date as yyyy-mm-dd',
  baselineEndsBeforeStart: 'The baseline period must end on or after its first day',
  baselineInFuture: 'The baseline period must lie in the past',
  baselineNeedsBoth: 'Please give both the first and the last day of the baseline period',
  controlCharacters: 'Please remove control characters (such as NUL) from this text',
  tooLong: (max: number) => `Please use at most ${max} characters`,
  outOfRange: (min: number, max: number) => `Please enter a value between ${min} and ${max}`,
  chooseOneOf: (values: readonly (string | number)[]) => `Please choose one of: ${values.join(', ')}`,
  selectPlaceholder: (label: string) => `Please select ${indefiniteArticle(label)} ${label}`,
} as const;

/**
 * "a" or "an" by how the noun sounds: "an Area", "an Alert", but "a User" (a "you" sound), "a Pod". Enough for
 * the labels the forms carry; a label that breaks it states its own placeholder.
 */
export function indefiniteArticle(noun: string): 'a' | 'an' {
  if (/^(uni|use|usu|uti|eu|one\b)/i.test(noun)) return 'a';
  return /^[aeiou]/i.test(noun) ? 'an' : 'a';
}
