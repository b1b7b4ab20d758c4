'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

type Transport = 'streamable-http' | 'stdio';

/** The new server form: a Streamable HTTP URL with an optional auth header, or a stdio command from the operator's allow-list. */
export function CreateMcpServerForm({ stdioCommands }: { stdioCommands: string[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [transport, setTransport] = useState<Transport>('streamable-http');
  const [url, setUrl] = useState('');
  const [stdioCommand, setStdioCommand] = useState('');
  const [headerName, setHeaderName] = useState('Authorization');
  const [headerValue, setHeaderValue] = useState('');
  const create = useMutation(
    trpc.mcpServers.create.mutationOptions({
      onSuccess: () => {
        setName('');
        setUrl('');
        setHeaderValue('');
        void queryClient.invalidateQueries({ queryKey: trpc.mcpServers.list.queryKey() });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (transport === 'stdio') create.mutate({ name, transport, stdioCommand: stdioCommand || (stdioCommands[0] ?? '') });
    else create.mutate({ name, transport, url, headers: headerValue === '' ? {} : { [headerName]: headerValue } });
  }

  return (
    <section aria-label="Add an MCP server" className={`${cardStyles} p-5`}>
      <h2 className="text-sm font-semibold">Add a server</h2>
      <form className="mt-4 space-y-4" onSubmit={submit}>
        <div className="grid gap-4 md:grid-cols-2">
          <label className="block text-sm font-medium">
            Name
            <input className={`${inputStyles} mt-1`} required pattern="[A-Za-z0-9_\-]{1,64}" placeholder="github" value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <label className="block text-sm font-medium">
            Transport
            <select className={`${inputStyles} mt-1`} value={transport} onChange={(event) => setTransport(event.target.value as Transport)}>
              <option value="streamable-http">Streamable HTTP</option>
              <option value="stdio" disabled={stdioCommands.length === 0}>
                stdio (operator allow-list){stdioCommands.length === 0 ? ' — none allowed' : ''}
              </option>
            </select>
          </label>
        </div>
        {transport === 'stdio' ? (
          <label className="block text-sm font-medium">
            Command
            <select className={`${inputStyles} mt-1`} value={stdioCommand || stdioCommands[0]} onChange={(event) => setStdioCommand(event.target.value)}>
              {stdioCommands.map((command) => (
                <option key={command} value={command}>
                  {command}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <div className="grid gap-4 md:grid-cols-3">
            <label className="block text-sm font-medium">
              URL
              <input className={`${inputStyles} mt-1`} type="url" required placeholder="https://mcp.example.com/mcp" value={url} onChange={(event) => setUrl(event.target.value)} />
            </label>
            <label className="block text-sm font-medium">
              Auth header
              <input className={`${inputStyles} mt-1`} value={headerName} onChange={(event) => setHeaderName(event.target.value)} />
            </label>
            <label className="block text-sm font-medium">
              Header value
              <input className={`${inputStyles} mt-1`} type="password" autoComplete="off" placeholder="Bearer … (optional)" value={headerValue} onChange={(event) => setHeaderValue(event.target.value)} />
            </label>
          </div>
        )}
        {create.error ? <ErrorNotice title="The server was not added" message={create.error.message} /> : null}
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add server'}
        </button>
      </form>
    </section>
  );
}
