/** What replaces copied content that outlives its erased source. */
export const erasedContent = '[erased]';
