// Help menu: external help resources (spec 2 §2), then a divider and Submit Ticket.
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { helpLinks } from '../app/clientConfig.ts';
import { useServices } from '../app/services.ts';
import { Icon } from '../ui/Icon.tsx';

export function HelpMenu() {
  const { rawConfig } = useServices();
  const { main, submitTicket } = helpLinks(rawConfig);
  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal>
      <Menu.Target>
        <Tooltip label="Help">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Help" data-testid="menu-help">
            <Icon name="help" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown data-testid="menu-help-dropdown">
        <Menu.Label>Help</Menu.Label>
        {main.map((link) => (
          <Menu.Item
            key={link.key}
            component="a"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<Icon name="externalLink" size={14} />}
            data-testid={`menu-help-${link.key}`}
          >
            {link.label}
          </Menu.Item>
        ))}
        {submitTicket && (
          <>
            <Menu.Divider />
            <Menu.Item
              component="a"
              href={submitTicket.href}
              target="_blank"
              rel="noopener noreferrer"
              rightSection={<Icon name="externalLink" size={14} />}
              data-testid="menu-help-submitTicket"
            >
              {submitTicket.label}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
