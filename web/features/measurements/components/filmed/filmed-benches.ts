import type { ComponentType } from 'react';
import { FortyBench } from '../forty/forty-bench';
import { VerticalBench } from '../vertical-jump/vertical-bench';
import type { FilmedBenchProps } from './filmed-bench';

/**
 * Each filmed kind's bench by the kind's key (decision 263): the one place the web's measurements name
 * those kinds. A kind's entry with `filmed` and a bench here is all the Process dialog needs.
 */
export const FILMED_BENCHES: Record<string, ComponentType<FilmedBenchProps>> = {
  forty: FortyBench,
  vertical_jump: VerticalBench,
};
