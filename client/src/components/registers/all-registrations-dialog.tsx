import { useId, useState } from "react";
import { Modal } from "./modal.tsx";
import { RecordList } from "./record-list.tsx";

/**
 * The dashboard's full list in a dialog (SPEC §2), each row opening the Maker Checker dialog; for
 * those who may enter families, a new blank family too (SPEC §3: the dialog list adds rows).
 */
export function AllRegistrationsDialog({
  onClose,
  onReview,
  onAdd,
}: {
  onClose: () => void;
  onReview: (registerId: number) => void;
  onAdd?: () => void;
}) {
  const titleId = `${useId()}-title`;
  const [state, setState] = useState({ search: "", page: 1 });
  return (
    <Modal titleId={titleId} onClose={onClose} wide>
      {(close) => (
        <>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id={titleId} className="text-lg font-bold">
              Semua Registrasi
            </h2>
            {onAdd && (
              <button type="button" className="btn btn-primary btn-sm" onClick={onAdd}>
                + Tambah Keluarga Baru
              </button>
            )}
          </div>
          <RecordList
            label="Semua registrasi"
            search={state.search}
            page={state.page}
            onSearch={(search) => setState({ search, page: 1 })}
            onPage={(page) => setState((prev) => ({ ...prev, page }))}
            action={(item) => (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                onClick={() => onReview(item.id)}
                aria-label={`Maker Checker ${item.namaKK}`}
              >
                Maker Checker
              </button>
            )}
          />
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              Tutup
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
