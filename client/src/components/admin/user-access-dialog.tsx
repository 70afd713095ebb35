import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { levelLabels, roleLabels, userLevels, userRoles, type UserLevel, type UserRole } from "@shared/users.ts";
import { errorMessage, serverFieldErrors } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { RegionSelect, type RegionValue } from "../region-select.tsx";
import { Modal } from "../registers/modal.tsx";
import { useToast } from "../toast.tsx";

interface Props {
  user: PublicUser;
  onClose: () => void;
}

/** Role, level and work area of an account; the change applies at the user's next request. */
export function UserAccessDialog({ user, onClose }: Props) {
  const id = useId();
  const titleId = `${id}-title`;
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<UserRole>(user.role);
  const [level, setLevel] = useState<UserLevel | "">(user.level ?? "");
  const [region, setRegion] = useState<RegionValue>({
    kecamatanId: user.kecamatanId,
    desaKelurahanId: user.desaKelurahanId,
  });
  const [rw, setRw] = useState(user.rw ?? "");
  const [rt, setRt] = useState(user.rt ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation(trpc.users.updateAccess.mutationOptions());
  const needsRw = level === "rt" || level === "rw";
  const needsWard = needsRw || level === "kelurahan";

  return (
    <Modal titleId={titleId} onClose={onClose}>
      {(close) => (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setErrors({});
            save.mutate(
              {
                userId: user.id,
                role,
                level: role === "admin" || level === "" ? null : level,
                kecamatanId: region.kecamatanId,
                desaKelurahanId: needsWard ? region.desaKelurahanId : null,
                rw: needsRw ? rw : "",
                rt: level === "rt" ? rt : "",
              },
              {
                onSuccess: async () => {
                  toast({
                    variant: "success",
                    title: "Berhasil",
                    description: `Akses ${user.fullName} diperbarui; berlaku pada permintaan berikutnya pengguna.`,
                  });
                  await queryClient.invalidateQueries({ queryKey: trpc.users.list.pathKey() });
                  close();
                },
                onError: (error) => {
                  const fields = Object.fromEntries(
                    serverFieldErrors(error).map((field) => [String(field.path[0]), field.message]),
                  );
                  setErrors(fields);
                  toast({
                    variant: "destructive",
                    title: "Error",
                    description: errorMessage(error, { fallback: "Gagal memperbarui akses pengguna" }),
                  });
                },
              },
            );
          }}
        >
          <h2 id={titleId} className="text-lg font-bold">
            Ubah akses {user.fullName}
          </h2>
          <p className="text-sm">Perubahan dicatat di Log Audit.</p>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            <div className="fieldset">
              <label className="fieldset-legend" htmlFor={`${id}-role`}>
                Peran
              </label>
              <select
                id={`${id}-role`}
                className="select w-full"
                value={role}
                onChange={(event) => setRole(userRoles.find((item) => item === event.target.value) ?? role)}
              >
                {userRoles.map((item) => (
                  <option key={item} value={item}>
                    {roleLabels[item]}
                  </option>
                ))}
              </select>
            </div>
            {role !== "admin" && (
              <div className="fieldset">
                <label className="fieldset-legend" htmlFor={`${id}-level`}>
                  Tingkat
                </label>
                <select
                  id={`${id}-level`}
                  className="select w-full"
                  value={level}
                  aria-invalid={errors.level ? true : undefined}
                  onChange={(event) => setLevel(userLevels.find((item) => item === event.target.value) ?? "")}
                >
                  <option value="">Pilih tingkat</option>
                  {userLevels.map((item) => (
                    <option key={item} value={item}>
                      {levelLabels[item]}
                    </option>
                  ))}
                </select>
                {errors.level && <p className="text-error text-sm">{errors.level}</p>}
              </div>
            )}
          </div>
          {role !== "admin" && level !== "" && level !== "kota" && (
            <div className="mt-2">
              <RegionSelect
                value={region}
                onChange={setRegion}
                kecamatanError={errors.kecamatanId}
                desaKelurahanError={errors.desaKelurahanId}
              />
            </div>
          )}
          {needsRw && (
            <div className="mt-2 grid grid-cols-2 gap-2">
              <div className="fieldset">
                <label className="fieldset-legend" htmlFor={`${id}-rw`}>
                  RW
                </label>
                <input
                  id={`${id}-rw`}
                  className="input w-full"
                  inputMode="numeric"
                  maxLength={3}
                  value={rw}
                  onChange={(event) => setRw(event.target.value)}
                />
                {errors.rw && <p className="text-error text-sm">{errors.rw}</p>}
              </div>
              {level === "rt" && (
                <div className="fieldset">
                  <label className="fieldset-legend" htmlFor={`${id}-rt`}>
                    RT
                  </label>
                  <input
                    id={`${id}-rt`}
                    className="input w-full"
                    inputMode="numeric"
                    maxLength={3}
                    value={rt}
                    onChange={(event) => setRt(event.target.value)}
                  />
                  {errors.rt && <p className="text-error text-sm">{errors.rt}</p>}
                </div>
              )}
            </div>
          )}
          <div className="modal-action flex-wrap">
            <button type="button" className="btn" onClick={close}>
              Batal
            </button>
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              Simpan perubahan
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
