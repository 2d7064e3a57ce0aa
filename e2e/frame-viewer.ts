import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/** Steps the frame viewer to a frame (0-based index; the screen counts from 1) and waits until it shows. */
export async function goTo(viewer: Locator, frameIndex: number) {
  await viewer.getByLabel('Go to frame').fill(String(frameIndex + 1));
  await viewer.getByLabel('Go to frame').press('Enter');
  await expect(viewer.getByTestId('frame-label')).toHaveText(new RegExp(`^Frame ${frameIndex + 1} of `));
}

/** Clicks the viewer's canvas at a point given in pixels of the displayed frame of that size. */
export async function clickFrameAt(
  canvas: Locator,
  p: { x: number; y: number },
  frame: { width: number; height: number },
) {
  const bounds = (await canvas.boundingBox())!;
  await canvas.click({
    position: { x: (p.x * bounds.width) / frame.width, y: (p.y * bounds.height) / frame.height },
  });
}
