import { useId, useState, type FormEvent } from "react";
import { todayIso } from "@shared/dates.ts";
import { monthParam } from "../../lib/search-params.ts";

/** This month in WIB, as `YYYY-MM`: the latest month a report or recap can show. */
export const currentMonth = (): string => todayIso().slice(0, 7);

/** The month chooser above the monthly report and the recap forms; it hands on a valid month only. */
export function MonthForm({ month, label, onPick }: { month: string; label: string; onPick: (month: string) => void }) {
  const id = useId();
  const [picked, setPicked] = useState(month);
  // The shown month changes without this form too (the browser's Back, a link): the input follows it.
  const [shown, setShown] = useState(month);
  if (shown !== month) {
    setShown(month);
    setPicked(month);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (monthParam(picked) !== undefined) onPick(picked);
  };
  return (
    <form onSubmit={submit} className="flex w-full flex-wrap items-end gap-2 sm:w-auto" aria-label={label}>
      <div className="fieldset min-w-0 flex-1 sm:flex-none">
        <label className="fieldset-legend" htmlFor={`${id}-bulan`}>
          Bulan
        </label>
        <input
          id={`${id}-bulan`}
          type="month"
          className="input w-full"
          value={picked}
          max={currentMonth()}
          onChange={(event) => setPicked(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Tampilkan
      </button>
    </form>
  );
}
