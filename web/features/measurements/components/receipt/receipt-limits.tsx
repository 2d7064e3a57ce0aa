import { TRACKED_LIMITS } from '@contract/tracked-receipt';

/**
 * What the ± does not cover (decisions 101 and 198): said where the number is checked. A tracked value
 * (decision 210) has its own list: nobody judged a crossing frame.
 */
export function ReceiptLimits({ oneFrameMph, tracked = false }: { oneFrameMph: number; tracked?: boolean }) {
  if (tracked)
    return (
      <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground" data-testid="receipt-limits">
        {TRACKED_LIMITS.map(([title, text]) => (
          <li key={title}>
            <span className="font-medium text-foreground">{title}</span> {text}
          </li>
        ))}
      </ul>
    );
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground" data-testid="receipt-limits">
      <li>
        <span className="font-medium text-foreground">Landmark judgement.</span> The ± covers the frame timing
        only; which frame shows the landmark crossing a line is the analyst's judgement, which the stills on
        this page let anyone check.
        {oneFrameMph > 0 &&
          ` A mark one frame later at the end of the fastest window would change the speed by about ${oneFrameMph.toFixed(1)} mph.`}
      </li>
      <li>
        <span className="font-medium text-foreground">Method.</span> The analyst marked the frame where the
        player crossed each yard line; the Max Speed is the fastest 10-yard window between two marks. With
        more than three marks, the fastest of several windows reads a little high on average (about 0.2 mph).
      </li>
      <li>
        <span className="font-medium text-foreground">Lens and perspective.</span> Yard lines are on the
        field, so camera panning does not matter, but a wide lens bends lines near the edge of the picture and
        a camera far off the line of the run makes crossings harder to see.
      </li>
      <li>
        <span className="font-medium text-foreground">Running at an angle.</span> Yards are counted along the
        field; a player running across it covers more ground, so the measured speed is then lower than the
        true one.
      </li>
      <li>
        <span className="font-medium text-foreground">Variable frame rate.</span> Times come from the file,
        but uneven, dropped or repeated frames widen the ±; beyond 1.0 mph no video is accepted.
      </li>
    </ul>
  );
}
