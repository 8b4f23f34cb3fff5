import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Text nobody can see: white space, control and format characters (zero-width space U+200B, BOM
 * U+FEFF, soft hyphen U+00AD, word joiner U+2060, bidi controls), the code points Unicode says to
 * draw as nothing (Default_Ignorable_Code_Point: Hangul fillers, variation selectors), and the
 * blank Braille pattern U+2800, which fonts draw as an empty cell.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]+$/u;

/** True unless the value is a string of invisible characters only (an empty string is left to @MinLength). */
export const hasVisibleCharacters = (value: unknown): boolean => typeof value !== 'string' || !INVISIBLE_ONLY.test(value);

/**
 * A name shown in lists and links must be seen: one made only of spaces or zero-width characters
 * looks like a missing row. 400 "name must contain visible characters" (the field's name).
 */
export function HasVisibleCharacters(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'hasVisibleCharacters',
      validator: {
        validate: hasVisibleCharacters,
        defaultMessage: (args) => `${args?.property ?? 'value'} must contain visible characters`,
      },
    },
    options,
  );
}
