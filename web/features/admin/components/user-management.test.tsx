import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { adminApi } from '@contract/api/admin';
import { authApi } from '@contract/api/auth';
import { adminUserSchema, type AdminUser } from '@contract/admin';
import { aUser } from '@/test/data';
import { mock } from '@/test/mock';
import { renderWithProviders } from '@/test/render';
import { page, server } from '@/test/server';
import { UserManagement } from './user-management';

const row = (over: Partial<AdminUser>): AdminUser =>
  adminUserSchema.parse({
    id: 2,
    username: 'family@test.dev',
    email: 'family@test.dev',
    role: 'user',
    isEmailVerified: true,
    loginCount: 3,
    lastLoginAt: null,
    firstLoginAt: null,
    createdAt: '2026-01-15T12:00:00.000Z',
    ...over,
  });

describe('user management', () => {
  it("offers no Delete on the admin's own row and says why; other rows keep it", async () => {
    const admin = aUser({ id: 1, username: 'admin@test.dev', role: 'admin' });
    server.use(
      mock(authApi.user, () => HttpResponse.json(admin)),
      mock(
        adminApi.listUsers,
        page([row({ id: 1, username: 'admin@test.dev', email: 'admin@test.dev', role: 'admin' }), row({})]),
      ),
    );
    renderWithProviders(<UserManagement />);
    // The table (desktop) and the list (phone) are both in the page; CSS shows one of them.
    const table = within(await screen.findByRole('table'));
    expect(await table.findAllByText('You cannot delete your own account here')).toHaveLength(1);
    expect(table.queryByRole('button', { name: 'Delete admin@test.dev' })).not.toBeInTheDocument();
    expect(table.getByRole('button', { name: 'Delete family@test.dev' })).toBeVisible();
    expect(table.getByRole('button', { name: 'Edit admin@test.dev' })).toBeVisible();
    const items = screen.getAllByTestId('user-item');
    expect(within(items[0]).getByText('You cannot delete your own account here')).toBeVisible();
    expect(within(items[0]).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: 'Delete family@test.dev' })).toBeVisible();
  });
});
