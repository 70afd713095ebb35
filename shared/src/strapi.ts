// Types of the Strapi v4 envelope our REST layer speaks (DESIGN §7).
export type Attributes = Record<string, unknown>;

export interface StrapiEntry {
  id: number;
  attributes: Attributes;
}

export type PaginationMeta =
  | { page: number; pageSize: number; pageCount: number; total: number }
  | { page: number; pageSize: number }
  | { start: number; limit: number; total: number }
  | { start: number; limit: number };

export interface StrapiList {
  data: StrapiEntry[];
  meta: { pagination: PaginationMeta };
}

export interface StrapiSingle {
  data: StrapiEntry;
  meta: Record<string, never>;
}

export interface StrapiErrorBody {
  data: null;
  error: {
    status: number;
    name: string;
    message: string;
    details: Record<string, unknown>;
  };
}
