<?php

namespace App\Http\Controllers;

use App\Http\Requests\ContactRequest;
use Illuminate\Contracts\View\View;
use Illuminate\Http\RedirectResponse;
use Illuminate\Support\Facades\Log;

class ContactController extends Controller
{
    public function show(): View
    {
        return view('contact');
    }

    /**
     * Record a validated message in the contact log and say thanks.
     */
    public function send(ContactRequest $request): RedirectResponse
    {
        $message = $request->validated();

        Log::channel('contact')->info('Contact message', [
            'name' => $message['name'],
            'email' => $message['email'],
            'length' => mb_strlen($message['message']),
        ]);

        return redirect()
            ->route('contact')
            ->with('status', "Thanks, {$message['name']}! Your message has been received.");
    }
}
