// The settings' fixed choices, apart from their schema: the tutor's screens offer them before
// its first frame, when zod (the schema's validator) has not loaded.

export const BACKENDS = ['ollama', 'openai'] as const;
/** How models answer: free text under headings (the methods' own form) or JSON-schema mode. */
export const ANSWER_FORMS = ['sections', 'json'] as const;
/**
 * The tutor's approval modes: approve each step, approve until the code, or watch. Declared here
 * (the settings load before the first frame, the engine after); engine/approval.ts says what
 * each passes.
 */
export const APPROVAL_MODES = ['each', 'until-code', 'watch'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];
/** Where recalled problems come from: the model's memory, the person's archive, or the archive first. */
export const RETRIEVAL_SOURCES = ['model', 'archive', 'both'] as const;
/** The tutor's sandbox: the judge's own choice (bubblewrap, refusing without it) or `none`, accepted once when bubblewrap is missing. */
export const SANDBOX_CHOICES = ['auto', 'none'] as const;
