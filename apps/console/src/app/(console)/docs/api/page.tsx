import type { Metadata } from 'next';
import { PageHeader } from '~/components/page-header';
import { ApiReference } from '~/features/api-docs/components/api-reference';
import { openApiDocument } from '~/server/http/openapi/openapi-document-instance';

export const metadata: Metadata = { title: 'API reference' };

/** The REST API as the OpenAPI document describes it (the same document `/api/v1/openapi.json` serves). */
export default function ApiDocsPage() {
  return (
    <>
      <PageHeader
        title="API reference"
        description="REST /api/v1 with an API key in Authorization: Bearer …; each operation names the least role it needs. The TypeScript SDK and the agentloom CLI (@agentloom/sdk) wrap these calls."
        actions={
          <a href="/api/v1/openapi.json" className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400">
            openapi.json
          </a>
        }
      />
      <ApiReference document={openApiDocument()} />
    </>
  );
}
