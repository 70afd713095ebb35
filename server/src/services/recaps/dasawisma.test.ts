// Dasawisma: an RT cadre groups its RT's households; one household in at most one group; at most 20.
import { describe, expect, test } from "bun:test";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { assignHouseholds, deleteDasawisma, myDasawisma, saveDasawisma, unassignHousehold } from "./dasawisma.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

describe("dasawisma", () => {
  test("group, list unassigned, one group per household, at most 20, only the own RT", async () => {
    const db = t.db;
    const rt = await createCadre(db, "rt", { wardIndex: 9, rw: "002", rt: "004" });
    const ids: number[] = [];
    for (let n = 0; n < 22; n += 1) {
      ids.push((await createFamilyRegister(db, { wardIndex: 9, rw: "002", rt: "004", status: "APPROVED" })).id);
    }
    const rejected = await createFamilyRegister(db, { wardIndex: 9, rw: "002", rt: "004", status: "REJECTED" });
    const elsewhere = await createFamilyRegister(db, { wardIndex: 9, rw: "002", rt: "005", status: "APPROVED" });

    const mawar = await saveDasawisma(db, as(rt), { name: "Mawar", leaderName: "Ibu Sri" });
    const melati = await saveDasawisma(db, as(rt), { name: "Melati", leaderName: "Ibu Ani" });
    expect((await refusal(saveDasawisma(db, as(rt), { name: "mawar", leaderName: "Ibu Lain" }))).code).toBe("CONFLICT");

    const before = await myDasawisma(db, as(rt));
    expect(before.unassigned.map((row) => row.registerId).sort()).toEqual([...ids].sort());
    expect(before.unassigned.some((row) => row.registerId === rejected.id)).toBe(false);

    const first = ids.slice(0, 12);
    expect((await assignHouseholds(db, as(rt), { dasawismaId: mawar.id, registerIds: first })).count).toBe(12);
    // Already in Mawar: Melati may not take it.
    const taken = await refusal(assignHouseholds(db, as(rt), { dasawismaId: melati.id, registerIds: [ids[0] ?? 0] }));
    expect(taken.code).toBe("CONFLICT");
    // More than 20 in one group is refused.
    const tooMany = await refusal(
      assignHouseholds(db, as(rt), { dasawismaId: mawar.id, registerIds: ids.slice(12, 21) }),
    );
    expect(tooMany.message).toContain("20");
    // A household of another RT is refused.
    expect(
      (await refusal(assignHouseholds(db, as(rt), { dasawismaId: melati.id, registerIds: [elsewhere.id] }))).code,
    ).toBe("FORBIDDEN");

    const after = await myDasawisma(db, as(rt));
    expect(after.groups.find((group) => group.id === mawar.id)?.households).toHaveLength(12);
    expect(after.unassigned).toHaveLength(10);

    await unassignHousehold(db, as(rt), { registerId: ids[0] ?? 0 });
    await assignHouseholds(db, as(rt), { dasawismaId: melati.id, registerIds: [ids[0] ?? 0] });
    await deleteDasawisma(db, as(rt), { id: melati.id });
    expect((await myDasawisma(db, as(rt))).unassigned).toHaveLength(11);

    // Another RT's cadre, an RW cadre and an official cannot manage this RT's groups.
    const other = await createCadre(db, "rt", { wardIndex: 9, rw: "002", rt: "005" });
    expect(
      (await refusal(assignHouseholds(db, as(other), { dasawismaId: mawar.id, registerIds: [elsewhere.id] }))).code,
    ).toBe("FORBIDDEN");
    const rw = await createCadre(db, "rw", { wardIndex: 9, rw: "002" });
    expect((await refusal(myDasawisma(db, as(rw)))).code).toBe("FORBIDDEN");
    const aparat = await createCadre(db, "rt", { wardIndex: 9, rw: "002", rt: "004" }, { role: "aparat" });
    expect((await refusal(saveDasawisma(db, as(aparat), { name: "Anggrek", leaderName: "Ibu X" }))).code).toBe(
      "FORBIDDEN",
    );
  });
});
