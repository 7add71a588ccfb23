/** How a project starts (shell spec §3 Project draft): from a template, or empty ("Create from a sketch"). */
export const START_INFOS = ['use-template', 'create-new'] as const;
export type StartInfo = (typeof START_INFOS)[number];

/** Where a project is: one building with an address, or several sites. */
export const LOCATION_TYPES = ['single', 'multiple'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** A row of GET /project/templates (shell spec §3 Template), in the caller's language. */
export interface TemplateSummary {
  id: string;
  name: string;
  description: string;
  /** An SVG data URL drawn from the template's dashboard layout. */
  thumbnail: string;
  /** Tag ids (GET /project/templates/tags names them). */
  tags: string[];
}

/** GET /project/templates/{id}: the summary and what the project will get. */
export interface TemplateDetail extends TemplateSummary {
  /** The sites with their devices, as the project's tree will hold them. */
  sites: { name: string; displayName: string; devices: { name: string; displayName: string; profile: string }[] }[];
  widgetCount: number;
}

/** A row of GET /project/templates/tags: a category the templates are filtered by. */
export interface TemplateTag {
  id: string;
  name: string;
}

/** The answer of POST /project (shell spec §7 Projects). */
export interface ProjectCreated {
  success: true;
  message: string;
  /** The new application's id. */
  projectId: string;
}
