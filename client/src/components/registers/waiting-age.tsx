import { formatHours } from "@shared/deadlines.ts";

interface Props {
  /** ISO 8601: when the record reached the status it waits in. */
  since: string;
  targetHours: number;
  overdue: boolean;
}

/** "1 hari 2 jam dari batas 2 hari", marked 'Terlambat' past the level's promise. */
export function WaitingAge({ since, targetHours, overdue }: Props) {
  const hours = (Date.now() - Date.parse(since)) / 3_600_000;
  return (
    <span className="flex flex-wrap items-center gap-1">
      {overdue && <span className="badge badge-error badge-sm">Terlambat</span>}
      <span>
        {formatHours(hours)} dari batas {formatHours(targetHours)}
      </span>
    </span>
  );
}
