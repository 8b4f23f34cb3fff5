/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AiStatus } from '@dentalmarket/contracts';
import { adminApi } from '@dentalmarket/store';
import { renderWithStore, stubFetch } from '../categories/testSupport.js';
import { AiPanel } from './AiPanel.js';

const NOT_SET_UP = 'AI generation is not set up: set GEMINI_API_KEY, or OPENAI_BASE_URL for an OpenAI-compatible server.';

/** The status endpoint answers `status`; the category lists answer empty. */
const serve = (status: AiStatus) => stubFetch((call) => (call.path === '/api/admin/gemini/status' ? { status: 200, body: status } : { status: 200, body: [] }));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('AI panel provider status', () => {
  it('says up front that no AI provider is configured and keeps Generate off, on both tabs', async () => {
    serve({ configured: false, provider: null, message: NOT_SET_UP });
    await renderWithStore(<AiPanel />, null);
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_SET_UP);
    expect(button('Generate').disabled).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Batch Add' }));
    expect(button('Generate All').disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(NOT_SET_UP);
  });

  it('shows no notice and lets Generate run when a provider is configured', async () => {
    serve({ configured: true, provider: 'gemini', message: null });
    const { store } = await renderWithStore(<AiPanel />, null);
    await waitFor(() => expect(adminApi.endpoints.getAiStatus.select()(store.getState()).isSuccess).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button('Generate').disabled).toBe(false);
  });
});
