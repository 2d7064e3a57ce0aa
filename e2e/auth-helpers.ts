import type { Page } from '@playwright/test';
import { expect, lastMail } from './fixtures';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export async function fillRegister(page: Page, email: string, password = 'secret123') {
  await page.getByLabel('First name').fill('Riley');
  await page.getByLabel('Last name').fill('Stone');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Registers and verifies through the API, as a quick way to a usable account. */
export async function verifiedAccount(page: Page, email: string, password = 'secret123') {
  const reg = await page.request.post('/api/register', {
    data: { username: email, email, password, firstName: 'Quinn', lastName: 'Reset', referralCode: null },
  });
  expect(reg.status()).toBe(201);
  const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec((await lastMail(page, email)).text)![0]);
  const ver = await page.request.post('/api/auth/verify-email', {
    data: { token: link.searchParams.get('token'), email },
  });
  expect(ver.status()).toBe(200);
}
