import { useCallback, useRef, useState, type PointerEvent } from 'react';

const MAX_SCALE = 8;

/** Zoom (buttons) and drag-to-pan of the frame; pan only while zoomed in. */
export function useZoomPan() {
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const zoom = useCallback((factor: number) => {
    setView((v) => {
      const scale = Math.min(MAX_SCALE, Math.max(1, v.scale * factor));
      return scale === 1
        ? { scale, x: 0, y: 0 }
        : { scale, x: (v.x * scale) / v.scale, y: (v.y * scale) / v.scale };
    });
  }, []);
  const reset = useCallback(() => setView({ scale: 1, x: 0, y: 0 }), []);
  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (view.scale === 1) return;
      drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      drag.current = { id: d.id, x: e.clientX, y: e.clientY };
      setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    },
    onPointerUp: () => {
      drag.current = null;
    },
  };
  const style = {
    transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
    transformOrigin: 'center',
  };
  return { scale: view.scale, zoom, reset, handlers, style };
}
