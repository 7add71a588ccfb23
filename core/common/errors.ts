/** The body of every error the API answers with. `message` is already translated for the caller's language. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  /** A stable i18n key such as `errors.validation.required`; clients may translate it themselves. */
  code: string;
  message: string;
  /** The first offending field of a 400, with every offending field in `fields`. */
  field?: string;
  fields?: { field: string; code: string; message: string }[];
}
