import type { ReportQuery } from 'shared-sdk/schemas';

export type RangePreset = 'today' | 'days7' | 'days30' | 'custom';

export interface RangeChoice {
  preset: RangePreset;
  /** The custom range's local days, YYYY-MM-DD. */
  from: string;
  to: string;
}

const presetDays: Record<Exclude<RangePreset, 'custom'>, number> = {
  today: 1,
  days7: 7,
  days30: 30,
};

export const rangePresets: readonly RangePreset[] = ['today', 'days7', 'days30', 'custom'];

export function isRangePreset(value: string | null): value is RangePreset {
  return rangePresets.includes(value as RangePreset);
}

/**
 * The report's query: a preset counts days back from today in the workspace's zone, which the
 * server knows (the browser may sit in another zone).
 */
export function reportQuery(workspaceId: string, choice: RangeChoice): ReportQuery {
  if (choice.preset === 'custom') return { workspaceId, from: choice.from, to: choice.to };
  return { workspaceId, days: presetDays[choice.preset] };
}

/** A range that ends today changes as conversations do: those are the ones kept live. */
export function includesToday(choice: RangeChoice, today: string): boolean {
  return choice.preset !== 'custom' || choice.to >= today;
}
