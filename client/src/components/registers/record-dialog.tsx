import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isTRPCClientError } from "@trpc/client";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FormProvider, useForm, useWatch, type DefaultValues, type UseFormSetError } from "react-hook-form";
import { nikConfirmationLabel, nikWarningsToConfirm } from "@shared/household-rules.ts";
import {
  familyRegistrationSchema,
  type FamilyRegistration,
  type FamilyRegistrationInput,
} from "@shared/schemas/family.ts";
import { deleteRecordInput } from "@shared/schemas/register-records.ts";
import { REOPEN_LABEL, workflowActionLabels, type WorkflowAction } from "@shared/status.ts";
import { ActionPanel } from "./action-panel.tsx";
import { errorMessage, serverFieldErrors } from "../../lib/errors.ts";
import { useSession } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../confirm-dialog.tsx";
import { useToast } from "../toast.tsx";
import { HistoryList } from "./history-dialog.tsx";
import { Modal } from "./modal.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { blankFamily } from "./blank-family.ts";
import { ActivitiesPanel, ConditionsPanel, DataPanel, HousePanel, NotesPanel } from "./edit-panels.tsx";
import { FamilyEventsEditor } from "./family-events-editor.tsx";
import { MembersEditor } from "./members-editor.tsx";
import { ReviewBadge } from "./review-badge.tsx";
import { ReasonPanel } from "./reason-panel.tsx";
import { ReopenPanel } from "./reopen-panel.tsx";
import { RevisionList } from "./revision-list.tsx";
import { firstTabWithError, recordTabs, type RecordTabKey } from "./tabs.ts";
import { overlayEdits } from "./stale-edits.ts";
import type { RecordDetail } from "./record-types.ts";
import { ViewPanel } from "./view-panels.tsx";
import { LocationPanel } from "./location-panel.tsx";
import { WhatsappLink } from "./whatsapp-link.tsx";

interface Props {
  /** null: a new family, opened directly in edit mode. */
  registerId: number | null;
  onClose: () => void;
  /** Opened from the validation queue: moves on to the next record ('Simpan & berikutnya', 'Lewati'). */
  queue?: { hasNext: boolean; onNext: () => void };
}

const actionTone: Record<WorkflowAction, string> = {
  verify: "btn-primary",
  requestRevision: "btn-accent btn-outline",
  reject: "btn-error btn-outline",
  resubmit: "btn-primary btn-outline",
};

function TabList({
  prefix,
  tab,
  onTab,
  errorTabs = [],
}: {
  prefix: string;
  tab: RecordTabKey;
  onTab: (tab: RecordTabKey) => void;
  errorTabs?: RecordTabKey[];
}) {
  return (
    <div
      role="tablist"
      aria-label="Bagian data keluarga"
      className="mt-3 flex flex-wrap gap-1 border-b border-base-300 pb-2"
    >
      {recordTabs.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          id={`${prefix}-tab-${item.key}`}
          aria-selected={tab === item.key}
          aria-controls={`${prefix}-panel`}
          className={`btn btn-sm whitespace-nowrap ${tab === item.key ? "btn-primary" : errorTabs.includes(item.key) ? "btn-error btn-outline" : "btn-ghost"}`}
          onClick={() => onTab(item.key)}
        >
          {item.label}
          {errorTabs.includes(item.key) && <span className="sr-only"> (ada kesalahan)</span>}
        </button>
      ))}
    </div>
  );
}

/** Server field errors (a NIK of another family) shown beside their inputs. */
function applyServerErrors(error: unknown, setError: UseFormSetError<FamilyRegistrationInput>): boolean {
  const fields = serverFieldErrors(error);
  for (const field of fields) {
    const [head, index, leaf] = field.path;
    if (head === "members" && leaf === "nik") setError(`members.${Number(index)}.nik`, { message: field.message });
    else if (head === "nikKepalaKeluarga") setError("nikKepalaKeluarga", { message: field.message });
    else if (head === "address" && index === "desaKelurahanId")
      setError("address.desaKelurahanId", { message: field.message });
    else setError("root.server", { message: field.message });
  }
  return fields.length > 0;
}

function useInvalidateWorkspace() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.registers.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.registers.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.reports.pathKey() }),
    ]);
}

interface EditProps {
  prefix: string;
  record: RecordDetail | null;
  defaults: DefaultValues<FamilyRegistrationInput>;
  /** `defaults` hold this user's edits of an older version (a stale save): unsaved until Simpan. */
  carried: boolean;
  onSaved: (registerId: number) => void;
  /** Another user saved first: hands on what this user opened and typed, to lay over the fresh version. */
  onStale: (opened: DefaultValues<FamilyRegistrationInput>, typed: FamilyRegistrationInput) => void;
  onCancel: () => void;
  close: () => void;
  /** Whether the form holds edits not yet saved (a member form with input included). */
  onUnsaved: (unsaved: boolean) => void;
}

/** Edit mode: the whole family in one form, saved in one call (members included). */
function EditForm({ prefix, record, defaults, carried, onSaved, onStale, onCancel, close, onUnsaved }: EditProps) {
  const [tab, setTab] = useState<RecordTabKey>("data");
  // A member form with input (new or an edit) is not in the family yet: Simpan would drop it.
  const [memberTyped, setMemberTyped] = useState(false);
  const memberDraft = useRef<HTMLDivElement>(null);
  const [focusMember, setFocusMember] = useState(0);
  const { toast } = useToast();
  const invalidate = useInvalidateWorkspace();
  const form = useForm<FamilyRegistrationInput, unknown, FamilyRegistration>({
    resolver: zodResolver(familyRegistrationSchema),
    defaultValues: defaults,
  });
  const failed = (error: unknown, fallback: string) => {
    if (applyServerErrors(error, form.setError)) {
      const next = firstTabWithError(form.formState.errors);
      if (next) setTab(next);
    } else if (isTRPCClientError(error) && error.data?.httpStatus === 409) {
      onStale(defaults, form.getValues());
    }
    toast({ variant: "destructive", title: "Error", description: errorMessage(error, { fallback }) });
  };
  const create = useMutation(
    trpc.registers.create.mutationOptions({
      onSuccess: async (saved) => {
        toast({ variant: "success", title: "Berhasil", description: "Data berhasil dibuat" });
        await invalidate();
        onSaved(saved.registerId);
      },
      onError: (error) => failed(error, "Failed to create register"),
    }),
  );
  const update = useMutation(
    trpc.registers.update.mutationOptions({
      onSuccess: async (saved) => {
        toast({ variant: "success", title: "Berhasil", description: "Data berhasil diupdate" });
        await invalidate();
        onSaved(saved.registerId);
      },
      onError: (error) => failed(error, "Failed to update register"),
    }),
  );
  const pending = create.isPending || update.isPending;
  // One key for this new family, kept across tries: a Simpan sent again after its answer was lost
  // (the phone went offline) gets the family it saved back, not 'NIK sudah terdaftar' for its own NIK.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // A member whose NIK disagrees with the birth date or sex: the cadre checks the documents and
  // confirms before saving (the server refuses the save otherwise, household-rules.ts).
  const [confirmNik, setConfirmNik] = useState(false);
  const [confirmMissing, setConfirmMissing] = useState(false);
  const watchedMembers = useWatch({ control: form.control, name: "members" }) ?? [];
  const toConfirm = nikWarningsToConfirm(
    watchedMembers.map((member) => ({
      nik: member?.nik ?? "",
      gender: member?.gender ?? "",
      birthDate: member?.birthDate ?? "",
    })),
    record ? record.nikConfirmations : null,
  );
  const submit = form.handleSubmit(
    (data) => {
      if (toConfirm.length > 0 && !confirmNik) {
        setConfirmMissing(true);
        toast({ variant: "destructive", title: "Konfirmasi NIK", description: nikConfirmationLabel });
        return;
      }
      return record
        ? update.mutate({ registerId: record.id, version: record.version, data, confirmNik })
        : create.mutate({ data, confirmNik, idempotencyKey });
    },
    (errors) => {
      const next = firstTabWithError(errors);
      if (next) setTab(next);
      toast({
        variant: "destructive",
        title: "Data belum lengkap",
        description: `Periksa kembali isian pada tab ${recordTabs.find((item) => item.key === next)?.label ?? "yang ditandai"}.`,
      });
    },
  );
  const unsaved = form.formState.isDirty || memberTyped || carried;
  useEffect(() => onUnsaved(unsaved), [unsaved, onUnsaved]);
  // Leaving edit mode (saved, discarded) leaves nothing unsaved behind for Tutup to ask about.
  useEffect(() => () => onUnsaved(false), [onUnsaved]);
  useEffect(() => () => onUnsaved(false), [onUnsaved]);
  // After the members tab is shown (its panel was hidden when Simpan was pressed).
  useEffect(() => {
    if (focusMember > 0) memberDraft.current?.querySelector<HTMLElement>("input, select")?.focus();
  }, [focusMember]);
  const save = (event: FormEvent<HTMLFormElement>) => {
    if (memberTyped) {
      event.preventDefault();
      setTab("members");
      setFocusMember((count) => count + 1);
      toast({
        variant: "destructive",
        title: "Anggota belum disimpan",
        description: "Simpan atau batalkan anggota yang sedang diisi terlebih dahulu.",
      });
      return;
    }
    void submit(event);
  };
  const errors = form.formState.errors;
  const markedTabs = recordTabs.filter((item) => item.fields.some((field) => field in errors)).map((item) => item.key);

  return (
    <FormProvider {...form}>
      <form onSubmit={save} noValidate aria-label="Edit data keluarga">
        <TabList prefix={prefix} tab={tab} onTab={setTab} errorTabs={markedTabs} />
        {/* Every panel stays mounted, the others hidden: a member form being filled in keeps its input
            while the cadre looks at another tab. */}
        <div role="tabpanel" id={`${prefix}-panel`} aria-labelledby={`${prefix}-tab-${tab}`} className="py-4">
          <div hidden={tab !== "data"}>
            <DataPanel />
          </div>
          <div hidden={tab !== "members"}>
            <MembersEditor
              nikConfirmations={record?.nikConfirmations}
              onTyped={setMemberTyped}
              draftRef={memberDraft}
            />
          </div>
          <div hidden={tab !== "conditions"}>
            <ConditionsPanel />
            <FamilyEventsEditor />
          </div>
          <div hidden={tab !== "house"}>
            <HousePanel />
          </div>
          <div hidden={tab !== "activities"}>
            <ActivitiesPanel />
          </div>
          <div hidden={tab !== "notes"}>
            <NotesPanel isNew={record === null} />
          </div>
        </div>
        {carried && record && (
          <p role="status" className="alert alert-warning alert-soft">
            Perubahan dari pengguna lain sudah dimuat (versi {record.version}). Isian Anda tetap ada di formulir ini;
            periksa lalu tekan Simpan lagi.
          </p>
        )}
        {errors.root?.server?.message && (
          <p role="alert" className="text-error">
            {errors.root.server.message}
          </p>
        )}
        {toConfirm.length > 0 && (
          <fieldset className="rounded-box border-2 border-warning p-3">
            <legend className="px-1 font-semibold">Konfirmasi NIK</legend>
            <p>NIK berikut tidak sesuai dengan tanggal lahir atau jenis kelamin anggota:</p>
            <ul className="list-disc pl-5">
              {toConfirm.map(({ index, message }) => (
                <li key={index}>
                  Anggota {index + 1}
                  {watchedMembers[index]?.fullName ? ` (${watchedMembers[index]?.fullName})` : ""}: {message}
                </li>
              ))}
            </ul>
            <label className="mt-2 flex cursor-pointer items-start gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-warning mt-0.5"
                checked={confirmNik}
                aria-invalid={confirmMissing && !confirmNik}
                onChange={(event) => {
                  setConfirmNik(event.target.checked);
                  setConfirmMissing(false);
                }}
              />
              <span>{nikConfirmationLabel}</span>
            </label>
            {confirmMissing && !confirmNik && (
              <p role="alert" className="text-error">
                Centang konfirmasi setelah memeriksa dokumen keluarga, lalu simpan lagi.
              </p>
            )}
          </fieldset>
        )}
        <div className="modal-action flex-wrap">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Simpan
          </button>
          <button type="button" className="btn" disabled={pending} onClick={onCancel}>
            Batal
          </button>
          <button type="button" className="btn btn-ghost" onClick={close}>
            Tutup
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/** Hapus: a confirmation with a required reason; the record is soft-deleted (an admin can restore it). */
function DeletePanel({
  record,
  onDeleted,
  onCancel,
}: {
  record: RecordDetail;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const { toast } = useToast();
  const invalidate = useInvalidateWorkspace();
  const remove = useMutation(
    trpc.registers.delete.mutationOptions({
      onSuccess: async () => {
        toast({ variant: "success", title: "Berhasil", description: "Data berhasil dihapus" });
        await invalidate();
        onDeleted();
      },
      onError: (failure) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: errorMessage(failure, { fallback: "Failed to delete register" }),
        }),
    }),
  );
  return (
    <ReasonPanel
      title={`Hapus data keluarga ${record.data.namaKepalaKeluarga}?`}
      text="Data disembunyikan dari daftar dan dapat dipulihkan oleh admin."
      label="Alasan penghapusan"
      confirmLabel="Ya, Hapus"
      tone="error"
      schema={deleteRecordInput.shape.reason}
      pending={remove.isPending}
      onConfirm={(reason) => remove.mutate({ registerId: record.id, version: record.version, reason })}
      onCancel={onCancel}
    />
  );
}

/** What leaving unsaved edits asks: closing the dialog, or Batal back to the record's view. */
const leaveQuestion = {
  close: { text: "Tutup tanpa menyimpan?", confirm: "Tutup tanpa menyimpan" },
  discard: { text: "Buang perubahan dan kembali ke tampilan data?", confirm: "Buang perubahan" },
} as const;

/** The Maker Checker dialog: six tabs, view and edit modes, history and revisions (SPEC §2). */
export function RecordDialog({ registerId: initialId, onClose, queue }: Props) {
  const prefix = useId();
  const titleId = `${prefix}-title`;
  const [registerId, setRegisterId] = useState(initialId);
  const [mode, setMode] = useState<"view" | "edit" | "delete" | "reopen">(initialId === null ? "edit" : "view");
  const [tab, setTab] = useState<RecordTabKey>("data");
  const [acting, setActing] = useState<WorkflowAction | null>(null);
  // Edits not saved yet: Tutup, Esc, the backdrop and Batal ask before throwing them away.
  const [unsaved, setUnsaved] = useState(false);
  const [askLeave, setAskLeave] = useState<"close" | "discard" | null>(null);
  // A save refused as stale: what the user opened and typed, and the version they edited.
  const [stale, setStale] = useState<{
    version: number;
    opened: DefaultValues<FamilyRegistrationInput>;
    typed: FamilyRegistrationInput;
  } | null>(null);
  const session = useSession();
  const record = useQuery({
    ...trpc.registers.open.queryOptions({ registerId: registerId ?? 0 }),
    enabled: registerId !== null,
  });
  const conditions = record.data?.data.specialConditions;
  // Cadres and admins could change the record but for the lock: they see Edit and Hapus disabled, with why.
  const mayChange = session.data?.role === "kader" || session.data?.role === "admin";
  const editDefaults: DefaultValues<FamilyRegistrationInput> | null =
    record.data && conditions ? { ...record.data.data, specialConditions: conditions, agreement: true } : null;
  // Until the fresh version has arrived the form stays as it is (same key), the user's input in it.
  const carried = stale && editDefaults && record.data && record.data.version !== stale.version ? stale : null;

  return (
    <Modal
      titleId={titleId}
      onClose={onClose}
      wide
      interceptClose={() => {
        if (unsaved) setAskLeave("close");
        return unsaved;
      }}
    >
      {(close, closeNow) => (
        <>
          {askLeave && (
            <ConfirmDialog
              title="Perubahan belum disimpan"
              text={`Perubahan belum disimpan. ${leaveQuestion[askLeave].text} Pilih Batal untuk kembali mengisi.`}
              confirmLabel={leaveQuestion[askLeave].confirm}
              tone="warning"
              onConfirm={() => {
                setAskLeave(null);
                if (askLeave === "close") closeNow();
                else {
                  setStale(null);
                  setMode("view");
                }
              }}
              onClose={() => setAskLeave(null)}
            />
          )}
          <div className="flex flex-wrap items-start justify-between gap-2 pr-2">
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-bold break-words">
                {registerId === null
                  ? "Tambah Keluarga Baru"
                  : `Maker Checker: ${record.data?.data.namaKepalaKeluarga ?? "Memuat..."}`}
              </h2>
              {record.data && (
                <p className="text-sm">
                  {record.data.registrationNumber} · versi {record.data.version}
                </p>
              )}
            </div>
            {record.data && (
              <div className="flex flex-wrap gap-2">
                <ReviewBadge status={record.data.status} />
                <StatusBadge status={record.data.status} />
              </div>
            )}
          </div>
          {record.data?.deletedAt && (
            <p role="status" className="alert alert-warning alert-soft mt-2">
              Data ini sudah dihapus. Alasan: {record.data.deleteReason}
            </p>
          )}

          {registerId !== null && record.isPending && (
            <p className="flex items-center gap-2 py-8" role="status">
              <span className="loading loading-spinner" aria-hidden="true" /> Memuat data keluarga...
            </p>
          )}
          {registerId !== null && record.isError && (
            <div role="alert" className="alert alert-error alert-soft mt-4">
              <span>{errorMessage(record.error, { fallback: "Failed to search registers" })}</span>
              <button type="button" className="btn btn-sm" onClick={() => record.refetch()}>
                Coba lagi
              </button>
            </div>
          )}

          {mode === "edit" && (registerId === null || editDefaults) && (
            <EditForm
              key={`${registerId ?? "baru"}-${record.data?.version ?? 0}`}
              prefix={prefix}
              record={registerId === null ? null : (record.data ?? null)}
              defaults={
                registerId === null || !editDefaults
                  ? blankFamily(session.data)
                  : carried
                    ? overlayEdits(editDefaults, carried.opened, carried.typed)
                    : editDefaults
              }
              carried={carried !== null}
              onSaved={(id) => {
                setStale(null);
                setRegisterId(id);
                setMode("view");
              }}
              onStale={(opened, typed) => {
                // Compared with the version first opened: edits carried over once are still theirs.
                setStale({ version: record.data?.version ?? 0, opened: carried?.opened ?? opened, typed });
                void record.refetch().then((fresh) => {
                  // Locked or deleted meanwhile: nothing left to edit, the fresh record is shown.
                  if (!fresh.data?.canEdit) {
                    setStale(null);
                    setMode("view");
                  }
                });
              }}
              onCancel={() => {
                // A new family's Batal closes the dialog, which asks through interceptClose.
                if (registerId === null) close();
                else if (unsaved) setAskLeave("discard");
                else {
                  setStale(null);
                  setMode("view");
                }
              }}
              close={close}
              onUnsaved={setUnsaved}
            />
          )}

          {mode !== "edit" && record.data && (record.data.actions.length > 0 || queue) && (
            <div className="mt-3 rounded-box bg-base-200 p-3">
              <div role="group" aria-label="Tindakan validasi" className="flex flex-wrap items-center gap-2">
                {record.data.actions.map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`btn btn-sm ${actionTone[action]}`}
                    aria-pressed={acting === action}
                    onClick={() => setActing(action)}
                  >
                    {workflowActionLabels[action]}
                  </button>
                ))}
                {record.data.actions.length === 0 && (
                  <span className="text-sm">Tidak ada tindakan validasi untuk Anda pada data ini.</span>
                )}
                {queue?.hasNext && (
                  <button type="button" className="btn btn-sm btn-ghost ml-auto" onClick={queue.onNext}>
                    Lewati, data berikutnya
                  </button>
                )}
              </div>
              {acting && record.data.actions.includes(acting) && (
                <ActionPanel
                  key={`${acting}-${record.data.version}`}
                  registerId={record.data.id}
                  version={record.data.version}
                  status={record.data.status}
                  name={record.data.data.namaKepalaKeluarga}
                  action={acting}
                  hasNext={queue?.hasNext ?? false}
                  onDone={(next) => {
                    setActing(null);
                    if (next && queue) queue.onNext();
                  }}
                  onCancel={() => setActing(null)}
                />
              )}
            </div>
          )}

          {mode !== "edit" && record.data && (
            <>
              <TabList prefix={prefix} tab={tab} onTab={setTab} />
              <div role="tabpanel" id={`${prefix}-panel`} aria-labelledby={`${prefix}-tab-${tab}`} className="py-4">
                <ViewPanel tab={tab} record={record.data} />
              </div>
              {!record.data.sensitive && (
                <p className="text-sm">NIK ditampilkan tersamar dan data kesehatan disembunyikan untuk akun aparat.</p>
              )}
              {/* The house location: cadres and admins only (the server sends officials none). */}
              {record.data.sensitive && mode === "view" && <LocationPanel key={record.data.id} record={record.data} />}
              {mode === "delete" && (
                <DeletePanel record={record.data} onDeleted={close} onCancel={() => setMode("view")} />
              )}
              {mode === "reopen" && (
                <ReopenPanel
                  registerId={record.data.id}
                  version={record.data.version}
                  name={record.data.data.namaKepalaKeluarga}
                  onDone={() => setMode("view")}
                  onCancel={() => setMode("view")}
                />
              )}
              <details className="collapse collapse-arrow mt-2 border border-base-300">
                <summary className="collapse-title font-semibold">Riwayat Validasi</summary>
                <div className="collapse-content">
                  <HistoryList registerId={record.data.id} />
                </div>
              </details>
              <details className="collapse collapse-arrow mt-2 border border-base-300">
                <summary className="collapse-title font-semibold">Riwayat Perubahan Data</summary>
                <div className="collapse-content">
                  <RevisionList registerId={record.data.id} />
                </div>
              </details>
              {record.data.lockReason && (
                <p id={`${prefix}-lock`} role="status" className="alert alert-info alert-soft mt-2">
                  {record.data.lockReason}
                </p>
              )}
              <div className="modal-action flex-wrap">
                {record.data.locked && mayChange && (
                  <>
                    <button type="button" className="btn btn-primary" disabled aria-describedby={`${prefix}-lock`}>
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-error btn-outline"
                      disabled
                      aria-describedby={`${prefix}-lock`}
                    >
                      Hapus
                    </button>
                  </>
                )}
                <WhatsappLink
                  phone={record.data.contactPhone}
                  namaKepalaKeluarga={record.data.data.namaKepalaKeluarga}
                  registrationNumber={record.data.registrationNumber}
                  status={record.data.status}
                  note={record.data.familyNote}
                  className="btn btn-success"
                />
                {record.data.canReopen && (
                  <button
                    type="button"
                    className="btn btn-warning"
                    onClick={() => setMode("reopen")}
                    disabled={mode === "reopen"}
                  >
                    {REOPEN_LABEL}
                  </button>
                )}
                {record.data.canEdit && (
                  <>
                    <button
                      type="button"
                      className="btn btn-primary"
                      onClick={() => setMode("edit")}
                      disabled={mode === "delete"}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-error btn-outline"
                      onClick={() => setMode("delete")}
                      disabled={mode === "delete"}
                    >
                      Hapus
                    </button>
                  </>
                )}
                <button type="button" className="btn" onClick={close}>
                  Tutup
                </button>
              </div>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
