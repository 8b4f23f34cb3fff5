import * as Yup from 'yup';
import { LIMITS } from '@dentalmarket/contracts';
import { PRACTICE_LIMITS } from '@dentalmarket/contracts/practices';

/** SPEC §5 Login. */
export const loginSchema = Yup.object({
  username: Yup.string().trim().min(LIMITS.usernameMin, 'Username must be at least 3 characters').required('Username must be at least 3 characters'),
  password: Yup.string().min(LIMITS.passwordMin, 'Password must be at least 6 characters').required('Password must be at least 6 characters'),
});
export type LoginValues = Yup.InferType<typeof loginSchema>;
export const initialLoginValues: LoginValues = { username: '', password: '' };

/** SPEC §5 Register: the user schema's fields, password rules, and confirm_password equal to it. */
export const registerSchema = Yup.object({
  username: Yup.string()
    .trim()
    .min(LIMITS.usernameMin, 'Username must be at least 3 characters')
    .max(LIMITS.nameMax, `Username must be at most ${LIMITS.nameMax} characters`)
    .matches(/^\S+$/, { message: 'Username must not contain spaces', excludeEmptyString: true })
    .required('Username must be at least 3 characters'),
  email: Yup.string().trim().email('Invalid email address').max(LIMITS.nameMax).required('Email is required'),
  full_name: Yup.string().trim().max(LIMITS.nameMax, `Full name must be at most ${LIMITS.nameMax} characters`),
  // issue 36: the account creates the practice it buys for (the API names it after the person when a client sends none)
  practice_name: Yup.string()
    .trim()
    .max(PRACTICE_LIMITS.nameMax, `Practice name must be at most ${PRACTICE_LIMITS.nameMax} characters`)
    .required('Practice name is required'),
  password: Yup.string().min(LIMITS.passwordMin, 'Password must be at least 6 characters').required('Password must be at least 6 characters'),
  // both fields empty are not 'different' (issue 32): an empty confirmation asks for it; with a
  // password typed, one that differs says SPEC's 'Passwords don't match'
  confirm_password: Yup.string()
    .required('Please confirm your password')
    // a test, not oneOf: Yup checks a oneOf before required, so an empty field said 'don't match'
    .test('matches', "Passwords don't match", (value, context) => !value || value === context.parent.password),
});
export type RegisterValues = Yup.InferType<typeof registerSchema>;
export const initialRegisterValues: RegisterValues = { username: '', email: '', full_name: '', practice_name: '', password: '', confirm_password: '' };
