// The submetric catalogue: what each measured component is, and which way is better. The seed writes it to
// the submetrics tables; the server reads the direction from here (decision 200).

interface SubmetricDef {
  key: string;
  name: string;
  unit: string;
  description: string;
  /** Times and distances where less is better: a lower value ranks at a higher percentile. */
  lowerIsBetter?: boolean;
}

/** Every measurable component, measured from game film (see docs/decisions/021-iga-submetric-catalogue.md). */
export const SUBMETRICS: SubmetricDef[] = [
  { key: 'MS', name: 'Max Speed', unit: 'mph', description: 'Highest verified speed over a 20+ yard run' },
  {
    key: 'IGA',
    name: 'IGA Score',
    unit: 'pts',
    description: 'Overall athleticism score on the 50-100 scale',
  },
  {
    key: 'FORTY',
    name: 'Verified 40',
    unit: 's',
    description:
      '40-yard dash timed on video from first movement to the torso crossing the finish (decision 209)',
    lowerIsBetter: true,
  },
  {
    key: 'VJ',
    name: 'Verified Vertical Jump',
    unit: 'in',
    description: 'Jump height from flight time on video, h = g·t²/8 (decision 243)',
  },
  {
    key: 'burst_10',
    name: 'Burst Speed at 10 Yards',
    unit: 'mph',
    description: 'Speed reached 10 yards after the first step',
  },
  {
    key: 'burst_5',
    name: 'Burst Speed at 5 Yards',
    unit: 'mph',
    description: 'Speed reached 5 yards after the snap',
  },
  {
    key: 'accel_distance',
    name: 'Distance to Top Speed',
    unit: 'yd',
    description: 'Yards run before reaching 95% of top speed',
    lowerIsBetter: true,
  },
  {
    key: 'cod_transition',
    name: 'Change of Direction Transition Time',
    unit: 's',
    description: 'Time from the plant foot landing to re-acceleration out of a cut',
    lowerIsBetter: true,
  },
  {
    key: 'route_transition',
    name: 'Route Break Transition Time',
    unit: 's',
    description: 'Time from the plant at the top of the route to re-acceleration',
    lowerIsBetter: true,
  },
  {
    key: 'backpedal_transition',
    name: 'Backpedal Transition Time',
    unit: 's',
    description: 'Time from the backpedal plant to driving forward',
    lowerIsBetter: true,
  },
  {
    key: 'drop_transition',
    name: 'Drop Transition Time',
    unit: 's',
    description: 'Time from the plant at the top of the drop to the throwing step',
    lowerIsBetter: true,
  },
  {
    key: 'set_transition',
    name: 'Pass Set Transition Time',
    unit: 's',
    description: 'Time from the set-step plant to redirecting with the rusher',
    lowerIsBetter: true,
  },
  {
    key: 'rush_transition',
    name: 'Rush Move Transition Time',
    unit: 's',
    description: 'Time from the plant of a rush move to re-acceleration to the quarterback',
    lowerIsBetter: true,
  },
  {
    key: 'separation',
    name: 'Separation Distance',
    unit: 'yd',
    description: 'Distance to the nearest defender when the ball arrives',
  },
  {
    key: 'separation_allowed',
    name: 'Separation Allowed',
    unit: 'yd',
    description: 'Distance to the receiver when the ball arrives',
    lowerIsBetter: true,
  },
  {
    key: 'contact_yards',
    name: 'Yards After Contact',
    unit: 'yd',
    description: 'Yards gained after first contact',
  },
  {
    key: 'pursuit_speed',
    name: 'Pursuit Speed',
    unit: 'mph',
    description: 'Top speed while pursuing the ball carrier',
  },
  {
    key: 'closing_speed',
    name: 'Closing Speed',
    unit: 'mph',
    description: 'Speed while closing on the ball in the air',
  },
  {
    key: 'throw_velocity',
    name: 'Throw Velocity',
    unit: 'mph',
    description: 'Ball speed over the first 10 yards of a pass',
  },
  {
    key: 'escape_speed',
    name: 'Pocket Escape Speed',
    unit: 'mph',
    description: 'Speed reached 5 yards after leaving the pocket',
  },
  {
    key: 'pull_speed',
    name: 'Pull Speed',
    unit: 'mph',
    description: 'Top speed while pulling along the line',
  },
  {
    key: 'kick_distance',
    name: 'Kick Distance',
    unit: 'yd',
    description: 'Distance of the longest kick in the clip',
  },
  {
    key: 'punt_distance',
    name: 'Punt Distance',
    unit: 'yd',
    description: 'Gross distance of the longest punt in the clip',
  },
  { key: 'hang_time', name: 'Hang Time', unit: 's', description: 'Time the ball is in the air' },
  {
    key: 'operation_time',
    name: 'Operation Time',
    unit: 's',
    description: 'Time from the snap reaching the hands to the kick',
    lowerIsBetter: true,
  },
  {
    key: 'approach_speed',
    name: 'Approach Speed',
    unit: 'mph',
    description: 'Speed of the approach into the kick',
  },
];

/** The components of the IGA score for each position, in the order the analyst enters them. */
export const POSITION_SUBMETRICS: Record<string, string[]> = {
  QB: ['drop_transition', 'throw_velocity', 'escape_speed', 'burst_10'],
  RB: ['burst_10', 'cod_transition', 'contact_yards', 'accel_distance'],
  WR: ['burst_10', 'route_transition', 'separation', 'accel_distance'],
  TE: ['burst_10', 'route_transition', 'separation', 'contact_yards'],
  OL: ['burst_5', 'set_transition', 'pull_speed'],
  DL: ['burst_5', 'rush_transition', 'pursuit_speed'],
  LB: ['burst_10', 'cod_transition', 'pursuit_speed', 'backpedal_transition'],
  CB: ['backpedal_transition', 'burst_10', 'closing_speed', 'separation_allowed'],
  S: ['backpedal_transition', 'closing_speed', 'pursuit_speed', 'burst_10'],
  K: ['kick_distance', 'hang_time', 'approach_speed'],
  P: ['punt_distance', 'hang_time', 'operation_time'],
  ATH: ['burst_10', 'cod_transition', 'accel_distance', 'pursuit_speed', 'contact_yards'],
};

const LOWER_IS_BETTER = new Set(SUBMETRICS.filter((s) => s.lowerIsBetter).map((s) => s.key));
export const isLowerBetter = (key: string) => LOWER_IS_BETTER.has(key);
