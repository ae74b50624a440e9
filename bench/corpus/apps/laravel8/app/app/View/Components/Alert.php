<?php

namespace App\View\Components;

use Illuminate\View\Component;

class Alert extends Component
{
    /**
     * "success" or "error".
     *
     * @var string
     */
    public $type;

    /**
     * @var string|null
     */
    public $message;

    public function __construct(string $type = 'success', ?string $message = null)
    {
        $this->type = $type;
        $this->message = $message;
    }

    /**
     * Nothing to show without a message.
     */
    public function shouldRender(): bool
    {
        return $this->message !== null && $this->message !== '';
    }

    public function role(): string
    {
        return $this->type === 'error' ? 'alert' : 'status';
    }

    public function render()
    {
        return view('components.alert');
    }
}
