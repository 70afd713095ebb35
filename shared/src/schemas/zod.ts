// zod as every schema of the portal uses it: the words it falls back to, where a schema names none,
// are Indonesian. A field left out of a REST or tRPC body answered "Invalid input: expected string,
// received undefined" beside the spec's own messages (SPEC §5, DESIGN §1: the schemas carry the
// spec's words). A schema's own message still comes first; these only fill the gaps, for the
// browser's forms and the server's doors alike (the configuration is global to the zod module).
import { z } from "zod";

z.config(z.locales.id());
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Wajib diisi";
    if (issue.code === "unrecognized_keys") return `Kolom tidak dikenal: ${issue.keys.join(", ")}`;
    return undefined;
  },
});

export { z };
