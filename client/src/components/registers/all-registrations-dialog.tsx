import { useId, useState } from "react";
import { Modal } from "./modal.tsx";
import { RecordList } from "./record-list.tsx";

/** The dashboard's full list in a dialog (SPEC §2), each row opening the Maker Checker dialog. */
export function AllRegistrationsDialog({
  onClose,
  onReview,
}: {
  onClose: () => void;
  onReview: (registerId: number) => void;
}) {
  const titleId = `${useId()}-title`;
  const [state, setState] = useState({ search: "", page: 1 });
  return (
    <Modal titleId={titleId} onClose={onClose} wide>
      {(close) => (
        <>
          <h2 id={titleId} className="mb-3 text-lg font-bold">
            Semua Registrasi
          </h2>
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
