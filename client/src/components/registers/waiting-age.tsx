import { formatHours } from "@shared/deadlines.ts";

interface Props {
  /**
   * Hours waited at the instant the server judged `overdue` (QueueItem.waitedHours), not by this
   * device's clock: a phone set days off showed a new record as waiting "3 hari dari batas 2 hari"
   * without the mark.
   */
  hours: number;
  targetHours: number;
  overdue: boolean;
}

/** "1 hari 2 jam dari batas 2 hari", marked 'Terlambat' past the level's promise. */
export function WaitingAge({ hours, targetHours, overdue }: Props) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      {overdue && <span className="badge badge-error badge-sm">Terlambat</span>}
      <span>
        {formatHours(hours)} dari batas {formatHours(targetHours)}
      </span>
    </span>
  );
}
