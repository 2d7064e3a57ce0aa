import type { ComponentProps } from "react";
import { Toaster as SonnerToaster, toast as sonnerToast } from "sonner";

export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  // Bottom right: at the top they covered the header's credit counter right after sign-in.
  return <SonnerToaster richColors position="bottom-right" closeButton {...props} />;
}

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "info";
  duration?: number;
};

function showToast({ title, description, variant = "default", duration }: ToastOptions): string | number {
  const opts = { description, duration };
  if (variant === "destructive") return sonnerToast.error(title, opts);
  if (variant === "info") return sonnerToast(title, opts);
  return sonnerToast.success(title, opts);
}

/** `toast({ title, description, variant })`; sonner's helpers (success/error/dismiss…) are also available. */
export const toast = Object.assign(showToast, {
  success: sonnerToast.success,
  error: sonnerToast.error,
  info: sonnerToast.info,
  warning: sonnerToast.warning,
  message: sonnerToast.message,
  promise: sonnerToast.promise,
  dismiss: sonnerToast.dismiss,
});
