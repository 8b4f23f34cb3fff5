import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Formik } from 'formik';
import { FocusFirstError, FormikTextField } from './forms.js';

// SPEC §5 Login's rules
const validate = ({ username, password }: { username: string; password: string }) => ({
  ...(username.length < 3 ? { username: 'Username must be at least 3 characters' } : {}),
  ...(password.length < 6 ? { password: 'Password must be at least 6 characters' } : {}),
});

function LoginLikeForm() {
  return (
    <Formik initialValues={{ username: '', password: '' }} validate={validate} onSubmit={() => undefined}>
      <Form noValidate>
        <FormikTextField name="username" label="Username" />
        <FormikTextField name="password" label="Password" type="password" />
        <button type="submit">Login</button>
        <FocusFirstError />
      </Form>
    </Formik>
  );
}

const helperLines = (container: HTMLElement) => container.querySelectorAll('.MuiFormHelperText-root').length;

describe('forms (issue 16: the first click on Login is not lost)', () => {
  it("keeps each field's message line, empty or not, so a message on blur moves nothing below it", async () => {
    const { container } = render(<LoginLikeForm />);
    expect(helperLines(container)).toBe(2); // reserved before any message
    fireEvent.blur(screen.getByLabelText('Username'));
    await screen.findByText('Username must be at least 3 characters');
    expect(helperLines(container)).toBe(2); // the same lines, one now with its message
  });

  it('focuses the first invalid field after a submit with errors', async () => {
    render(<LoginLikeForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'dr.smith' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });
});
