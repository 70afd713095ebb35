import { Modal } from "./modal.tsx";

interface Props {
  name: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDelete({ name, pending, onConfirm, onCancel }: Props) {
  return (
    <Modal open={name !== null} title="Konfirmasi Hapus" onClose={onCancel}>
      <p>{`Apakah Anda yakin ingin menghapus "${name ?? ""}"?`}</p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel} disabled={pending}>
          Batal
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm} disabled={pending}>
          {pending ? "Menghapus..." : "Hapus"}
        </button>
      </div>
    </Modal>
  );
}
