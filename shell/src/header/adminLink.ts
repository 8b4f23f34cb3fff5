import type { User } from '@dentalmarket/contracts';

/**
 * SPEC §2 top bar: 'Admin Panel' for admins, 'Admin Login' otherwise. A signed-in customer gets
 * neither (issue 16): /auth would only send them back to /, so 'Admin Login' is for signed-out visitors.
 */
export function adminLink(user: User | null): { label: 'Admin Panel' | 'Admin Login'; to: string } | null {
  if (!user) return { label: 'Admin Login', to: '/auth' };
  return user.role === 'admin' ? { label: 'Admin Panel', to: '/admin' } : null;
}
