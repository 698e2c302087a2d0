import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SegmentedControl } from 'shared-ui';
import { Composer } from './composer';
import { NoteComposer } from './note-composer';

type Mode = 'reply' | 'note';

const Area = styled.div`
  display: grid;
  gap: 12px;
`;

/**
 * Where the agent writes: a reply to the customer, or a private note for the team (a mode, as
 * in Intercom's and Crisp's composers). Each mode keeps its own draft.
 */
export function ReplyArea({
  workspaceId,
  conversationId,
  botAnswering,
}: {
  workspaceId: string;
  conversationId: string;
  botAnswering: boolean;
}) {
  const { t } = useTranslation('conversation');
  const [mode, setMode] = useState<Mode>('reply');
  return (
    <Area>
      <div>
        <SegmentedControl
          legend={t('notes.modeLegend')}
          name="composer-mode"
          options={[
            { value: 'reply', label: t('notes.modeReply') },
            { value: 'note', label: t('notes.modeNote') },
          ]}
          value={mode}
          onChange={setMode}
        />
      </div>
      {mode === 'reply' ? (
        <Composer
          workspaceId={workspaceId}
          conversationId={conversationId}
          botAnswering={botAnswering}
        />
      ) : (
        <NoteComposer workspaceId={workspaceId} conversationId={conversationId} />
      )}
    </Area>
  );
}
